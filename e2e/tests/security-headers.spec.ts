// Every page the production server sends carries a Content-Security-Policy made from the shell
// build's own scripts (scripts/lib/static-server-trusted-scripts.mjs), never from the page: the
// pages must run under it without a single violation — prerendered, rendered in the browser,
// signed in —, a script added to a prerendered page must not run, and no other origin may frame them.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { prerenderDir } from '../../scripts/lib/prerender.mjs';
import { signIn } from '../support/auth-flow.ts';
import { expect } from '../support/fixtures.ts';
import { freePort } from '../../scripts/test/free-port.mjs';
import { prerenderedStackTest as test } from '../support/prerendered-stack.ts';
import { expectRoutePage } from '../support/remote-page.ts';
import { PUBLIC_PATHS, ROUTES } from '../support/routes.ts';

const ACCOUNT_PATHS = ROUTES.map((route) => route.path).filter((path) => !PUBLIC_PATHS.includes(path));

/** Every CSP violation the page reports, from its own event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

// Prerendered, every public route runs without a violation in each engine: the smoke suite
// (e2e/smoke/scenario.mjs). Here, the same routes as the browser renders them itself.
test(
  'each public route rendered in the browser runs under its policy with no violation',
  { tag: ['@shell', '@catalog', '@auth'] },
  async ({ page }) => {
    const violations = await watchViolations(page);
    for (const path of PUBLIC_PATHS) {
      // A query string: the shell's own page, rendered in the browser.
      const rendered = await page.goto(`${path}?csp=1`);
      expect(rendered?.headers()['content-security-policy']).toContain("'strict-dynamic'");
      await expect(page.locator('html[data-prerendered]')).toHaveCount(0);
      await expectRoutePage(page, path);
    }
    expect(violations).toEqual([]);
  },
);

test(
  'a script added to a prerendered page does not run, and the page still starts the shell',
  { tag: '@shell' },
  async ({ page, stack }) => {
    const file = join(prerenderDir(stack.registryFile), 'index.html');
    const rendered = readFileSync(file, 'utf8');
    // As a page blob edited by whoever can write it: the server sends it as it is, with the build's policy.
    writeFileSync(file, rendered.replace('</head>', '<script>window.__added = true</script></head>'));
    try {
      const violations = await watchViolations(page);
      await page.goto('/');
      await expect(page.locator('html[data-prerendered]')).toHaveCount(1);
      await expectRoutePage(page, '/');
      expect(await page.evaluate(() => (window as unknown as { __added?: boolean }).__added)).toBeUndefined();
      expect(violations.filter((violation) => /^script-src\S* blocked inline/.test(violation))).toHaveLength(1);
    } finally {
      writeFileSync(file, rendered);
    }
  },
);

test(
  'signing in and the account routes run with no violation',
  { tag: ['@shell', '@auth', '@account'] },
  async ({ page, account }) => {
    const violations = await watchViolations(page);
    await page.goto('/signin');
    await signIn(page, account.username, account.password);
    await expect(page.getByRole('status').first()).toBeVisible();
    for (const path of ACCOUNT_PATHS) {
      await page.goto(path);
      await expectRoutePage(page, path);
    }
    expect(violations).toEqual([]);
  },
);

test.describe('on another origin', { tag: '@shell' }, () => {
  let framing: Server;
  let framingUrl: string;

  test.beforeAll(async ({ stack }) => {
    const port = await freePort();
    framing = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        request.url === '/own'
          ? '<!doctype html><title>own</title><p id="own">framed</p>'
          : `<!doctype html><title>framing</title><iframe id="devhub" src="${stack.shellUrl}/signin" onload="window.devhubLoaded = true"></iframe><iframe id="own" src="/own"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => framing.listen(port, '127.0.0.1', resolve));
    framingUrl = `http://127.0.0.1:${port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => framing.close(() => resolve())));

  test('a page cannot frame /signin (its own page still frames)', async ({ page }) => {
    await page.goto(framingUrl);
    await expect(page.frameLocator('#own').locator('#own')).toHaveText('framed');
    // Its load event comes once the browser has decided: the page, or the error it shows instead.
    await page.waitForFunction(() => (window as unknown as { devhubLoaded?: boolean }).devhubLoaded === true);
    await expect(page.frameLocator('#devhub').getByRole('button', { name: 'Đăng nhập', exact: true })).toHaveCount(0);
  });
});
