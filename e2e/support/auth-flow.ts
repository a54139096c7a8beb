// The sign-up → sign-in journey through the real UI and the real auth API, shared by the
// production-build tests and the `npm start` test.
import { expect, test, type Page } from '@playwright/test';
import { recordInsertedText } from './inserted-text.ts';

export interface Account {
  displayName: string;
  username: string;
  email: string;
  password: string;
}

let sequence = 0;

/** Toasts are counted as they are inserted (recordInsertedText): looked for often, since it is cheap. */
const TOAST_POLL = [50, 100, 200];

export function newAccount(): Account {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
  return {
    displayName: 'Trần Thị Bình',
    username: `binh.${tag}`,
    email: `binh.${tag}@example.vn`,
    password: `mat-khau-${tag}`,
  };
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

export async function signUp(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Họ tên', { exact: true }).fill(account.displayName);
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await page.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/**
 * Registers a new account on /signup, lands signed in on "/" with the real display name, logs
 * out, signs in again on /signin and opens /profile with a full load. Returns the token.
 */
export async function registerThroughTheJourney(page: Page): Promise<{ account: Account; token: string }> {
  const account = newAccount();
  const insertions = await recordInsertedText(page);
  const userMenu = page.getByRole('button', { name: `Mở menu tài khoản: ${account.displayName}` });

  await test.step('sign up on /signup: signed in on / under the real name', async () => {
    await page.goto('/signup');
    await signUp(page, account);
    await expect
      .poll(() => insertions('Đăng ký thành công'), { message: 'the sign-up toast was shown', intervals: TOAST_POLL })
      .toBeGreaterThan(0);
    await expect
      .poll(() => insertions('Đăng nhập thành công'), { message: 'the sign-in toast was shown', intervals: TOAST_POLL })
      .toBeGreaterThan(0);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(userMenu).toBeVisible();
    expect(await storedToken(page), 'the token is kept under access_token').toBeTruthy();
  });

  const headerSignIn = page.getByRole('banner').getByRole('link', { name: 'Đăng nhập', exact: true });
  await test.step('log out from the user menu: the token is forgotten', async () => {
    await userMenu.click();
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await expect(headerSignIn).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  await test.step('sign in again on /signin, the username typed in capitals', async () => {
    const signInToasts = await insertions('Đăng nhập thành công');
    await headerSignIn.click();
    await expect(page).toHaveURL((url) => url.pathname === '/signin');
    await signIn(page, account.username.toUpperCase(), account.password);
    await expect
      .poll(() => insertions('Đăng nhập thành công'), { message: 'a new sign-in toast', intervals: TOAST_POLL })
      .toBeGreaterThan(signInToasts);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(userMenu).toBeVisible();
  });

  await test.step('open /profile with a full load: the session comes back from storage', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expect(userMenu).toBeVisible();
  });
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  return { account, token: token as string };
}
