// With scripts blocked (or not arrived yet), a prerendered form is the browser's to send: the
// sign-in and sign-up forms go by POST to their own page, and a password never lands in an address
// (the history, the server's logs, a Referer).
import { expect } from '../support/fixtures.ts';
import { prerenderedStackTest as test } from '../support/prerendered-stack.ts';

const SECRET = 'mat-khau-khong-lo-1';

test.use({ javaScriptEnabled: false });

for (const path of ['/signin', '/signup']) {
  test(
    `${path}, sent with scripts blocked, never puts the password in an address`,
    { tag: '@auth' },
    async ({ page }) => {
      const addresses: string[] = [];
      page.on('request', (request) => addresses.push(request.url()));
      page.on('framenavigated', (frame) => addresses.push(frame.url()));
      await page.goto(path);
      await expect(page.locator('html'), 'the prerendered page').toHaveAttribute('data-prerendered', '');

      await page.getByLabel('Tên đăng nhập', { exact: true }).fill('chua.co.ai');
      const password = page.getByLabel('Mật khẩu', { exact: true });
      await password.fill(SECRET);
      const [sent] = await Promise.all([
        // The navigation the submit starts, whatever its method.
        page.waitForRequest((request) => request.isNavigationRequest() && request.frame() === page.mainFrame()),
        password.press('Enter'),
      ]);
      await page.waitForLoadState();

      expect(sent.method()).toBe('POST');
      expect(new URL(sent.url()).pathname).toBe(path);
      expect(sent.postData(), 'the password went in the body').toContain(SECRET);
      expect(addresses.length).toBeGreaterThan(1);
      expect(addresses.filter((address) => address.includes(SECRET) || /[?&]password=/.test(address))).toEqual([]);
      expect(new URL(page.url()).search).toBe('');
    },
  );
}
