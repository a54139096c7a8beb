// The sign-up → sign-in journey through the real UI and the real auth API, shared by the
// production-build test and the `npm start` test.
import assert from 'node:assert/strict';

let sequence = 0;

export function newAccount() {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    displayName: 'Trần Thị Bình',
    username: `binh.${tag}`,
    email: `binh.${tag}@example.vn`,
    password: `mat-khau-${tag}`,
  };
}

export const storedToken = (page) => page.evaluate(() => localStorage.getItem('access_token'));

export async function signUp(page, account) {
  await page.getByLabel('Họ tên', { exact: true }).fill(account.displayName);
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await page.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
}

export async function signIn(page, username, password) {
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** Registers a new account on /signup, then drops its token: a known account, signed out. */
export async function registerSignedOut(page, baseUrl) {
  const account = newAccount();
  await page.goto(`${baseUrl}/signup`);
  await signUp(page, account);
  await page.waitForURL(`${baseUrl}/`);
  await page.evaluate(() => localStorage.removeItem('access_token'));
  return account;
}

/**
 * Registers a new account on /signup, lands signed in on "/" with the real display name, logs
 * out, signs in again on /signin and opens /profile. Returns the account and its token.
 */
export async function registerThroughTheJourney(page, baseUrl) {
  const account = newAccount();

  await page.goto(`${baseUrl}/signup`);
  await signUp(page, account);
  await page.getByText('Đăng ký thành công').waitFor();
  await page.getByText('Đăng nhập thành công').waitFor();
  await page.waitForURL(`${baseUrl}/`);
  const userMenu = page.getByRole('button', { name: `Mở menu tài khoản: ${account.displayName}` });
  await userMenu.waitFor();
  assert.ok(await storedToken(page), 'the token is kept under access_token');

  await userMenu.click();
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  const headerSignIn = page.getByRole('banner').getByRole('link', { name: 'Đăng nhập', exact: true });
  await headerSignIn.waitFor();
  assert.equal(await storedToken(page), null, 'logging out forgets the token');

  await headerSignIn.click();
  await page.waitForURL(`${baseUrl}/signin`);
  await signIn(page, account.username.toUpperCase(), account.password);
  await page.getByText('Đăng nhập thành công').waitFor();
  await page.waitForURL(`${baseUrl}/`);
  await userMenu.waitFor();

  // A full load: the session must come back from storage, not from memory.
  await page.goto(`${baseUrl}/profile`);
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/profile');
  await page.getByRole('button', { name: `Mở menu tài khoản: ${account.displayName}` }).waitFor();
  return { account, token: await storedToken(page) };
}
