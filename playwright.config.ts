// Browser tests (`npx playwright test`, `npm run test:e2e`): see e2e/README.md.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './e2e/support/chromium.mjs';

export default defineConfig({
  testDir: 'e2e/tests',
  outputDir: 'e2e/test-results',
  globalSetup: './e2e/support/global-setup.ts',
  // Budgets for a hang, not measurements: a machine running another test suite beside this one is
  // several times slower, and no test asserts how long anything took.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { outputFolder: 'e2e/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    // The stacks serve HTTP/2 over TLS on a certificate made locally (scripts/lib/local-certificate.mjs).
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
    locale: 'vi-VN',
    colorScheme: 'light',
    actionTimeout: 20_000,
    navigationTimeout: 40_000,
    // Recording a trace costs every test about a fifth of its time (14 axe tests: 54 s with, 42 s
    // without); to debug a failure, run it again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // The production build for the read-only tests, on a free port (E2E_PREVIEW_PORT to pin it):
  // the URL it prints is captured into E2E_PREVIEW_URL, which the workers read as baseURL.
  webServer: {
    name: 'preview',
    command: 'node e2e/support/serve-preview.mjs',
    wait: { stdout: /preview ready at (?<e2e_preview_url>https?:\/\/\S+)/ },
    timeout: 30_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
  projects: [
    // `npm start` on free ports, and each remote's dev server: listed first, as it takes longest.
    // One worker: every dev server watches the one workspace copy that dev-fast-refresh.spec.ts edits
    // (an edit to @devhub/shared reloads every page of every dev server), so a dev test running in
    // another worker meanwhile had its page reloaded under it.
    { name: 'dev', testMatch: /dev-.*\.spec\.ts$/, workers: 1 },
    {
      name: 'preview',
      testIgnore: /dev-.*\.spec\.ts$/,
      use: { baseURL: process.env.E2E_PREVIEW_URL },
    },
  ],
});
