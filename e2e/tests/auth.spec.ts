// Sign-up and sign-in end to end: the production build of the shell and remotes against the
// auth API on an empty database, with no request intercepted anywhere.
import { expect, test } from '../support/fixtures.ts';
import { registerThroughTheJourney, signIn, signUp, storedToken } from '../support/auth-flow.ts';

test.describe('sign-up and sign-in against the real auth API', () => {
  test('registers, lands signed in under the real name, logs out, signs in again and opens /profile', async ({
    page,
  }) => {
    await registerThroughTheJourney(page);
  });

  test('brings a signed-out visitor of /profile back there after signing in', async ({ page, account }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.search === '?redirect=%2Fprofile');
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });

  test('signing out with "Đăng xuất" revokes the token: the auth API refuses it from then on', async ({
    page,
    account,
  }) => {
    await page.goto('/signin');
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const token = await storedToken(page);
    const me = () => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status()).toBe(200);

    const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
    await page.getByRole('button', { name: /^Mở menu tài khoản/ }).click();
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    expect((await loggedOut).status()).toBe(204);
    expect(await storedToken(page)).toBeNull();
    expect((await me()).status()).toBe(401);
  });

  test('lands a visitor signing in from a crafted redirect=/.//evil.example on the home page', async ({
    page,
    account,
  }) => {
    await page.goto('/signin?redirect=%2F.%2F%2Fevil.example');
    const site = new URL(page.url()).origin;
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL((url) => url.origin === site && url.pathname === '/');
    await expect(page.getByRole('button', { name: /^Mở menu tài khoản/ })).toBeVisible();
  });

  test('refuses a wrong password with "Tên đăng nhập hoặc mật khẩu không đúng" and clears only the password', async ({
    page,
    account,
  }) => {
    await page.goto('/signin');
    await signIn(page, account.username, 'not-the-password');
    await expect(page.getByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeVisible();
    await expect(page.getByLabel('Mật khẩu', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Tên đăng nhập', { exact: true })).toHaveValue(account.username);
    await expect(page).toHaveURL((url) => url.pathname === '/signin');
    expect(await storedToken(page)).toBeNull();
  });

  test('answers a taken username with "Trùng tên đăng nhập hoặc email" and resets the form', async ({
    page,
    account,
  }) => {
    await page.goto('/signup');
    await signUp(page, { ...account, email: `other.${account.email}` });
    await expect(page.getByText('Trùng tên đăng nhập hoặc email')).toBeVisible();
    await expect(page.getByLabel('Tên đăng nhập', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Họ tên', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL((url) => url.pathname === '/signup');
  });

  test('treats a sign-up answered with data.status 400 like a duplicate: "Trùng tên đăng nhập hoặc email" and a reset form', async ({
    page,
  }) => {
    // A body status of 400 is the spec's duplicate signal (§4), whatever message comes with it.
    await page.route('**/api/auth/register', (route) =>
      route.fulfill({ status: 200, json: { data: { status: 400, message: 'Tên đăng nhập đã tồn tại' } } }),
    );
    await page.goto('/signup');
    await signUp(page, {
      displayName: 'Lê Văn Cường',
      username: 'cuong.le',
      email: 'cuong.le@example.vn',
      password: 'mat-khau-cuong',
    });
    await expect(page.getByText('Trùng tên đăng nhập hoặc email')).toBeVisible();
    await expect(page.getByText('Tên đăng nhập đã tồn tại')).toHaveCount(0);
    for (const label of ['Họ tên', 'Tên đăng nhập', 'Email', 'Mật khẩu', 'Xác nhận mật khẩu']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    }
    await expect(page).toHaveURL((url) => url.pathname === '/signup');
    expect(await storedToken(page)).toBeNull();
  });
});
