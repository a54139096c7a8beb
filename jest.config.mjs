/** One Jest run, one project per workspace package, tests next to the code they test. */
import { browserAppDirs } from './scripts/lib/workspace.mjs';

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// msw's dependencies ship some ES modules only (.mjs files, until-async): swc compiles those like our own code.
const transformIgnorePatterns = ['/node_modules/(?!(until-async)/).+(?<!\\.mjs)$'];

const browserProject = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: '<rootDir>/../test-support/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j|mj)sx?$': swcTransform },
  transformIgnorePatterns,
  // msw/node must resolve to its Node build, not the browser one jsdom's default conditions pick.
  testEnvironmentOptions: { customExportConditions: [''] },
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/../test-support/style-stub.cjs',
    '\\.(svg|png|jpe?g|webp)$': '<rootDir>/../test-support/file-stub.cjs',
  },
  setupFiles: ['<rootDir>/../test-support/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/../test-support/setup-tests.ts'],
  globals: { __APP_NAME__: name, __APP_VERSION__: '0.0.0-test' },
});

/** @type {import('jest').Config} */
export default {
  // A budget for a hung test, not a measurement: tests that build a small fixture app
  // (rspack/test/compile-fixture.ts) take seconds on an idle machine and several times that while another
  // `npm test` runs beside them.
  testTimeout: 180_000,
  // One worker per core. Jest's default leaves one core to its main process (cores − 1), which on the
  // two-core CI machine is a single worker: every test file then ran in band, on one core, while the
  // main process, which only hands out files and prints results, idled. (`--maxWorkers` overrides it.)
  maxWorkers: '100%',
  projects: [
    // @devhub/shared, then the shell and every remote from the workspaces (a new remote's tests run
    // without an edit here).
    ...['shared', ...browserAppDirs()].map(browserProject),
    {
      displayName: 'auth-api',
      rootDir: '<rootDir>/auth-api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swcTransform, '^.+\\.mjs$': swcTransform },
      // jose ships only as ES modules; Jest runs tests as CommonJS, so it is compiled like our own code.
      transformIgnorePatterns: ['/node_modules/(?!jose/)'],
    },
    {
      displayName: 'telemetry',
      rootDir: '<rootDir>/telemetry',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      // The contracts it imports are ES modules, compiled like its own code; so is the static server its proxy test runs.
      transform: { '^.+\\.(t|j)sx?$': swcTransform, '^.+\\.mjs$': swcTransform },
      // msw, which stands in for Prometheus in the figures' unit test.
      transformIgnorePatterns,
    },
    {
      displayName: 'contracts',
      rootDir: '<rootDir>/contracts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.js'],
      transform: { '^.+\\.js$': swcTransform },
    },
    {
      displayName: 'build',
      rootDir: '<rootDir>/rspack',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.{ts,mjs}'],
      transform: { '^.+\\.(t|j)sx?$': swcTransform, '^.+\\.mjs$': swcTransform },
    },
    {
      displayName: 'bench',
      rootDir: '<rootDir>/bench',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/*.test.mjs'],
      // The test stack reads the registry contract's .js modules.
      transform: { '^.+\\.m?js$': swcTransform },
    },
    {
      displayName: 'e2e',
      rootDir: '<rootDir>/e2e',
      testEnvironment: 'node',
      // The browser tests' own tooling (the smoke suite's drivers, the preflight), not the browser tests.
      testMatch: ['<rootDir>/{smoke,support}/*.test.mjs'],
      transform: { '^.+\\.m?js$': swcTransform },
    },
    {
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.{ts,mjs}'],
      transform: { '^.+\\.(t|j)sx?$': swcTransform, '^.+\\.mjs$': swcTransform },
    },
  ],
};
