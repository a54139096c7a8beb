// The shell's chrome at phone, tablet and desktop widths: sidebar, header links, theme, session
// in the header across tabs, and CSS isolation (axe on every route: a11y.spec.ts; the redirect of
// a signed-out visitor of an account page: auth.spec.ts).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectMounted, expectRoutePage, navigateInApp } from '../support/remote-page.ts';

/** Style-rule selectors of a stylesheet (at-rule preludes and keyframe steps left out). */
function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of source.matchAll(/([^{}]+)\{/g)) {
    const prelude = (match[1] ?? '').trim();
    if (prelude.startsWith('@') || /^(from|to|\d+%)(\s*,\s*(from|to|\d+%))*$/.test(prelude)) continue;
    selectors.push(...prelude.split(',').map((part) => part.trim()));
  }
  return selectors;
}

const NOT_FOUND = '/khong-ton-tai';

test.describe('shell chrome', { tag: '@shell' }, () => {
  for (const width of [390, 800, 1280]) {
    test.describe(`at ${width}px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('lays out the header and the sidebar', async ({ page }) => {
        await page.goto('/blog');
        await expectRoutePage(page, '/blog');
        const sidebar = page.locator('#main-sidebar');
        const menuButton = page.getByRole('button', { name: 'Mở menu điều hướng' });
        const signUp = page.getByRole('link', { name: 'Đăng ký', exact: true });

        if (width < 640) {
          await expect(sidebar, 'sidebar hidden on phones').toBeHidden();
          await expect(signUp, 'sign-up link hidden below 640px').toBeHidden();
          await menuButton.click();
          await expect(sidebar).toBeVisible();
          await expect(page.getByRole('button', { name: 'Đóng menu điều hướng' })).toHaveAttribute(
            'aria-expanded',
            'true',
          );
          await page.mouse.click(width - 10, 400);
          await expect(sidebar).toBeHidden();
          await menuButton.click();
          await sidebar.getByRole('link', { name: 'Tài liệu' }).click();
          await expect(page).toHaveURL((url) => url.pathname === '/docs');
          await expect(sidebar).toBeHidden();
        } else {
          await expect(sidebar, 'sidebar shown from 640px').toBeVisible();
          await expect(menuButton, 'no menu button from 640px').toBeHidden();
          await expect(signUp, 'sign-up link shown from 640px').toBeVisible();
        }
        await expect(sidebar.locator('[aria-current="page"]')).toHaveText([width < 640 ? 'Tài liệu' : 'Bài viết']);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'no horizontal scroll').toBe(0);
      });
    });
  }

  test('keeps the chosen theme across reloads and puts it on <html>', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /Giao diện/ });
    await expect(toggle).toHaveAttribute('aria-label', /theo hệ thống/);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', /sáng/);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', /tối/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: /Giao diện/ })).toHaveAttribute('aria-label', /tối/);
  });

  test('applies the saved dark theme before the first paint', async ({ page, context }) => {
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.route('**/main.*.js', (route) => route.abort());
    await page.goto('/');
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('dark')),
      'dark before any bundle ran',
    ).toBe(true);
  });

  test('shows the user menu once signed in, the sign-in links after "Đăng xuất", and signs the other tab out with it', async ({
    page,
    context,
    sessionToken,
  }) => {
    const signInLink = (tab: Page) => tab.getByRole('link', { name: 'Đăng nhập', exact: true });
    const userMenu = (tab: Page) => tab.getByRole('button', { name: /Mở menu tài khoản/ });
    await page.goto('/');
    await expect(signInLink(page)).toBeVisible();
    await page.evaluate((token) => {
      localStorage.setItem('access_token', token);
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: token }));
    }, sessionToken);
    await expect(userMenu(page)).toBeVisible();

    // Another tab of the same session, opened signed in.
    const other = await context.newPage();
    await other.goto('/');
    await expect(userMenu(other)).toBeVisible();

    await userMenu(page).click();
    for (const name of ['Hồ sơ', 'Kho lưu trữ', 'Đơn hàng', 'Cài đặt']) {
      await expect(page.getByRole('link', { name }), `${name} in the menu`).toBeVisible();
    }
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await expect(page.getByText('Đăng xuất thành công')).toBeVisible();
    await expect(signInLink(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(signInLink(other), 'the other tab is signed out too').toBeVisible();
  });

  test.describe('signed in', () => {
    test.use({ signedIn: true });

    test("never lets a remote's stylesheet restyle the shell", async ({ page, remoteOrigins }) => {
      // The 404 page loads no remote: the shell's styles alone.
      await page.goto(NOT_FOUND);
      await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
      const snapshot = () =>
        page.evaluate(() => {
          const pick = (element: Element) => {
            const style = getComputedStyle(element);
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
            ].map((property) => `${property}:${style.getPropertyValue(property)}`);
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
      for (const [path, module] of [
        ['/', 'catalog/HomePage'],
        ['/blog', 'catalog/ListingPage'],
        ['/profile', 'account/ProfilePage'],
        ['/signin', 'auth/SignInPage'],
      ] as const) {
        await navigateInApp(page, path);
        // Mounted is enough: its stylesheet is in. (Signed in, /signin then sends the visitor home.)
        await expectMounted(page, module);
      }
      await navigateInApp(page, NOT_FOUND);
      await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
      expect(await snapshot(), 'shell computed styles unchanged after every remote loaded').toEqual(before);

      const remoteSheets = await page.evaluate(
        (origins) =>
          [...document.styleSheets]
            .map((sheet) => sheet.href)
            .filter((href): href is string => !!href && origins.some((origin) => href.startsWith(origin))),
        Object.values(remoteOrigins),
      );
      expect(remoteSheets.length, "the remotes' stylesheets were loaded").toBeGreaterThan(0);
      const sheets = await Promise.all(
        remoteSheets.map(async (href) => [href, await (await page.request.get(href)).text()]),
      );
      const unscoped = sheets.flatMap(([href, css]) =>
        selectorsOf(css!)
          .filter((selector) => !/\.(catalog|auth|account)__/.test(selector))
          .map((selector) => `${href}: ${selector}`),
      );
      expect(unscoped, 'every remote selector is scoped by its app prefix').toEqual([]);
    });
  });
});
