// `npm run screenshots`: the main screens at phone, tablet and desktop widths in both themes,
// from the production build, into e2e/artifacts/screenshots/ (git-ignored). Not a test: it
// makes pictures for people to look at. It still refuses to picture a failure: each page must
// show its own content (its content-ready mark) and no "Không tải được nội dung" panel.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseCliOrExit } from '../scripts/lib/cli.mjs';

parseCliOrExit('screenshots', {
  usage: `usage: npm run screenshots
Builds, then pictures the main screens (3 widths, 2 themes) into e2e/artifacts/screenshots/.
  -h, --help  this help`,
});

// Loaded once the arguments are known to be right: Playwright and the stack take seconds to load,
// which --help and a wrong argument need not wait for.
const { launchBrowser } = await import('./support/browser.mjs');
const { ROOT, startStack } = await import('./support/stack.mjs');

const OUT = join(ROOT, 'e2e', 'artifacts', 'screenshots');
const WIDTHS = [390, 800, 1280];
const PATHS = ['/', '/blog', '/profile', '/signin'];
const SIGNED_IN = ['/profile'];

/** A session token for a fresh account, straight from the stack's auth API. */
async function sessionToken(apiUrl) {
  const tag = Date.now().toString(36);
  const account = { displayName: 'Trần Thị Bình', username: `binh.${tag}`, email: `binh.${tag}@example.vn` };
  const password = `mat-khau-${tag}`;
  const post = async (path, body) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  await post('/api/auth/register', { ...account, password, confirmPassword: password });
  return (await post('/api/auth/login', { username: account.username, password })).data.access_token;
}

const stack = await startStack({ api: true });
const browser = await launchBrowser();
const failures = [];
try {
  mkdirSync(OUT, { recursive: true });
  const token = await sessionToken(stack.apiUrl);
  for (const colorScheme of ['light', 'dark']) {
    for (const width of WIDTHS) {
      for (const path of PATHS) {
        const name = `${path === '/' ? 'home' : path.slice(1)}-${width}-${colorScheme}.png`;
        const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme, locale: 'vi-VN' });
        try {
          if (SIGNED_IN.includes(path)) {
            await context.addInitScript((value) => {
              if (location.protocol.startsWith('http')) localStorage.setItem('access_token', value);
            }, token);
          }
          const page = await context.newPage();
          await page.goto(`${stack.shellUrl}${path}`);
          await page.waitForFunction(
            () => performance.getEntriesByType('mark').some((mark) => mark.name.startsWith('content-ready:')),
            undefined,
            { timeout: 15_000 },
          );
          await page.waitForLoadState('networkidle');
          if (await page.getByRole('alert').getByRole('heading', { name: 'Không tải được nội dung' }).count()) {
            failures.push(`${name}: the page shows "Không tải được nội dung"`);
            continue;
          }
          await page.screenshot({ path: join(OUT, name) });
          console.log(`  ${name}`);
        } catch (error) {
          failures.push(`${name}: ${error.message.split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}
if (failures.length > 0) {
  console.error(`No screenshot of a failed page:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log(`Screenshots in ${OUT}`);
