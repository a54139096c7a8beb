// Sign-up and sign-in end to end: the production build of the shell and remotes against the
// auth API on an empty database, with no request intercepted anywhere. (The error answers and a
// crafted redirect: the sign-in, sign-up and safe-redirect unit tests, see e2e/README.md.)
import { expect, test } from '../support/fixtures.ts';
import { registerThroughTheJourney, signIn, storedToken } from '../support/auth-flow.ts';

test.describe('sign-up and sign-in against the real auth API', { tag: '@auth' }, () => {
  test('registers, lands signed in under the real name, logs out, signs in again and opens /profile; "Đăng xuất" revokes the token', async ({
    page,
  }) => {
    const { token } = await registerThroughTheJourney(page);

    await test.step('signing out with "Đăng xuất" revokes the token: the auth API refuses it from then on', async () => {
      const me = () => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
      expect((await me()).status()).toBe(200);
      const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
      await page.getByRole('button', { name: /^Mở menu tài khoản/ }).click();
      await page.getByRole('button', { name: 'Đăng xuất' }).click();
      expect((await loggedOut).status()).toBe(204);
      expect(await storedToken(page)).toBeNull();
      expect((await me()).status()).toBe(401);
    });
  });

  test('brings a signed-out visitor of /profile back there after signing in', async ({ page, account }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.search === '?redirect=%2Fprofile');
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });
});
