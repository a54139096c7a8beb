// The shell's chrome at phone, tablet and desktop widths: sidebar, header links, theme,
// session in the header, account redirects, accessibility and CSS isolation.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { seriousViolations } from '../support/axe.mjs';
import { openPage } from '../support/browser.mjs';
import { useStack } from '../support/suite.mjs';
import { ROOT } from '../support/stack.mjs';
import { ROUTE_PATHS } from '../support/routes.mjs';

const WIDTHS = [390, 800, 1280];
const ROUTES = [...ROUTE_PATHS, '/khong-ton-tai'];
const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');

async function contentMounted(page) {
  await page.waitForFunction(
    () =>
      performance.getEntriesByType('mark').some((mark) => mark.name.startsWith('remote-mounted:')) ||
      document.querySelector('h1'),
  );
}

/** Style-rule selectors of a stylesheet (at-rule preludes and keyframe steps left out). */
function selectorsOf(css) {
  const selectors = [];
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of source.matchAll(/([^{}]+)\{/g)) {
    const prelude = match[1].trim();
    if (prelude.startsWith('@') || /^(from|to|\d+%)(\s*,\s*(from|to|\d+%))*$/.test(prelude)) continue;
    selectors.push(...prelude.split(',').map((part) => part.trim()));
  }
  return selectors;
}

function signInThroughStore(page) {
  return page.evaluate(() => {
    localStorage.setItem('access_token', 'e2e-token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'e2e-token' }));
  });
}

describe('shell chrome', () => {
  const suite = useStack();

  before(() => {
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  for (const width of WIDTHS) {
    it(`lays out the header and sidebar at ${width}px`, async () => {
      const { context, page, errors } = await openPage(suite.browser, { width });
      await page.goto(`${suite.stack.shellUrl}/blog`);
      await contentMounted(page);
      const sidebar = page.locator('#main-sidebar');
      const menuButton = page.getByRole('button', { name: 'Mở menu điều hướng' });
      const signUp = page.getByRole('link', { name: 'Đăng ký', exact: true });

      if (width < 640) {
        assert.equal(await sidebar.isVisible(), false, 'sidebar hidden on phones');
        assert.equal(await signUp.isVisible(), false, 'sign-up link hidden below 640px');
        await menuButton.click();
        await sidebar.waitFor({ state: 'visible' });
        assert.equal(
          await page.getByRole('button', { name: 'Đóng menu điều hướng' }).getAttribute('aria-expanded'),
          'true',
        );
        await page.mouse.click(width - 10, 400);
        await sidebar.waitFor({ state: 'hidden' });
        await menuButton.click();
        await sidebar.getByRole('link', { name: 'Tài liệu' }).click();
        await page.waitForURL(/\/docs$/);
        await sidebar.waitFor({ state: 'hidden' });
      } else {
        assert.ok(await sidebar.isVisible(), 'sidebar shown from 640px');
        assert.equal(await menuButton.isVisible(), false, 'no menu button from 640px');
        assert.ok(await signUp.isVisible(), 'sign-up link shown from 640px');
      }
      const current = await sidebar.locator('[aria-current="page"]').allTextContents();
      assert.deepEqual(current, [width < 640 ? 'Tài liệu' : 'Bài viết']);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, 'no horizontal scroll');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('keeps the chosen theme across reloads and puts it on <html>', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.stack.shellUrl}/`);
    const toggle = page.getByRole('button', { name: /Giao diện/ });
    assert.match(await toggle.getAttribute('aria-label'), /theo hệ thống/);
    await toggle.click();
    assert.match(await toggle.getAttribute('aria-label'), /sáng/);
    await toggle.click();
    assert.match(await toggle.getAttribute('aria-label'), /tối/);
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    await page.reload();
    assert.ok(await page.evaluate(() => document.documentElement.classList.contains('dark')));
    assert.match(await page.getByRole('button', { name: /Giao diện/ }).getAttribute('aria-label'), /tối/);
    await context.close();
  });

  it('applies the saved dark theme before the first paint', async () => {
    const { context, page } = await openPage(suite.browser);
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.route('**/main.*.js', (route) => route.abort());
    await page.goto(`${suite.stack.shellUrl}/`);
    assert.ok(
      await page.evaluate(() => document.documentElement.classList.contains('dark')),
      'dark before any bundle ran',
    );
    await context.close();
  });

  it('shows the user menu once signed in, and the sign-in links after logout', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.stack.shellUrl}/`);
    await page.getByRole('link', { name: 'Đăng nhập', exact: true }).waitFor();
    await signInThroughStore(page);
    const trigger = page.getByRole('button', { name: /Mở menu tài khoản/ });
    await trigger.click();
    for (const name of ['Hồ sơ', 'Kho lưu trữ', 'Đơn hàng', 'Cài đặt']) {
      assert.ok(await page.getByRole('link', { name }).isVisible(), `${name} in the menu`);
    }
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.getByText('Đăng xuất thành công').waitFor();
    await page.getByRole('link', { name: 'Đăng nhập', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), null);
    assert.equal(new URL(page.url()).pathname, '/');
    await context.close();
  });

  it('signs this tab out when another tab logs out', async () => {
    const { context, page } = await openPage(suite.browser);
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('access_token', 'e2e-token');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto(`${suite.stack.shellUrl}/`);
    const other = await context.newPage();
    await other.goto(`${suite.stack.shellUrl}/`);
    await page.getByRole('button', { name: /Mở menu tài khoản/ }).waitFor();
    await other.getByRole('button', { name: /Mở menu tài khoản/ }).click();
    await other.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.getByRole('link', { name: 'Đăng nhập', exact: true }).waitFor();
    await context.close();
  });

  it('redirects a signed-out visitor of /profile to sign-in with the way back', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.stack.shellUrl}/profile`);
    await page.waitForURL((url) => url.pathname === '/signin');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/profile');
    await context.close();
  });

  it('has no serious or critical axe violations on any route, in both themes', async () => {
    const problems = [];
    for (const theme of ['light', 'dark']) {
      for (const path of ROUTES) {
        const { context, page } = await openPage(suite.browser, { colorScheme: theme });
        await context.addInitScript(() => localStorage.setItem('access_token', 'e2e-token'));
        if (path === '/signin' || path === '/signup') await context.clearCookies();
        await page.goto(`${suite.stack.shellUrl}${path}`);
        await contentMounted(page);
        for (const violation of await seriousViolations(page)) problems.push(`${theme} ${path}: ${violation}`);
        await context.close();
      }
    }
    assert.deepEqual(problems, []);
  });

  it("never lets a remote's stylesheet restyle the shell", async () => {
    const { context, page } = await openPage(suite.browser);
    await context.addInitScript(() => localStorage.setItem('access_token', 'e2e-token'));
    // The 404 page loads no remote: the shell's styles alone.
    await page.goto(`${suite.stack.shellUrl}/khong-ton-tai`);
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    const snapshot = () =>
      page.evaluate(() => {
        const pick = (el) => {
          const style = getComputedStyle(el);
          return [
            'color',
            'background-color',
            'font-size',
            'font-weight',
            'padding',
            'margin',
            'display',
            'border',
            'line-height',
            'font-family',
          ].map((prop) => `${prop}:${style.getPropertyValue(prop)}`);
        };
        const targets = [
          'body',
          'header',
          'header a',
          'header button',
          'header input',
          'nav a',
          'nav li',
          'footer',
          'footer a',
          'footer h2',
          'main',
        ];
        return Object.fromEntries(
          targets.map((selector) => [selector, [...document.querySelectorAll(selector)].slice(0, 3).map(pick)]),
        );
      });
    const before = await snapshot();
    const navigate = (path) =>
      page.evaluate((target) => {
        history.pushState({}, '', target);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    for (const [path, marker] of [
      ['/', 'remote-mounted:catalog/HomePage'],
      ['/blog', 'remote-mounted:catalog/ListingPage'],
      ['/profile', 'remote-mounted:account/ProfilePage'],
      ['/signin', 'remote-mounted:auth/SignInPage'],
    ]) {
      await navigate(path);
      await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, marker);
    }
    await navigate('/khong-ton-tai');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    assert.deepEqual(await snapshot(), before, 'shell computed styles unchanged after every remote loaded');

    const remoteSheets = await page.evaluate(
      (origins) =>
        [...document.styleSheets]
          .map((sheet) => sheet.href)
          .filter((href) => href && origins.some((origin) => href.startsWith(origin))),
      Object.values(suite.stack.remotes),
    );
    assert.ok(remoteSheets.length > 0, `the remotes' stylesheets were loaded (${remoteSheets.length})`);
    const unscoped = [];
    for (const href of remoteSheets) {
      for (const selector of selectorsOf(await (await fetch(href)).text())) {
        if (!/\.(catalog|auth|account)__/.test(selector)) unscoped.push(`${href}: ${selector}`);
      }
    }
    assert.deepEqual(unscoped, [], 'every remote selector is scoped by its app prefix');
    await context.close();
  });

  it('saves screenshots of the main screens at every width in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      for (const width of WIDTHS) {
        for (const path of ['/', '/blog', '/profile', '/signin']) {
          const { context, page } = await openPage(suite.browser, { width, colorScheme: theme });
          if (path === '/profile') await context.addInitScript(() => localStorage.setItem('access_token', 'e2e-token'));
          await page.goto(`${suite.stack.shellUrl}${path}`);
          await contentMounted(page);
          await page.waitForLoadState('networkidle');
          const name = `${path === '/' ? 'home' : path.slice(1)}-${width}-${theme}.png`;
          await page.screenshot({ path: join(ARTIFACTS, name), fullPage: false });
          await context.close();
        }
      }
    }
  });
});
