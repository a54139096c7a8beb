// Sign-up and sign-in end to end: the production build of the shell and remotes against a
// freshly spawned auth API on an empty database, with no request intercepted anywhere.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, openPage } from '../support/browser.mjs';
import { startStack } from '../support/stack.mjs';

let sequence = 0;

function newAccount() {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    displayName: 'Trần Thị Bình',
    username: `binh.${tag}`,
    email: `binh.${tag}@example.vn`,
    password: `mat-khau-${tag}`,
  };
}

const storedToken = (page) => page.evaluate(() => localStorage.getItem('access_token'));

async function signUp(page, account) {
  await page.getByLabel('Họ tên', { exact: true }).fill(account.displayName);
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await page.getByLabel('Xác nhận mật khẩu', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
}

async function signIn(page, username, password) {
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

describe('sign-up and sign-in against the real auth API', () => {
  let stack;
  let browser;

  before(async () => {
    stack = await startStack({ api: true });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('registers, lands signed in with the real name, logs out, signs in again and opens /profile', async () => {
    const account = newAccount();
    const { context, page, errors } = await openPage(browser);

    await page.goto(`${stack.shellUrl}/signup`);
    await signUp(page, account);
    await page.getByText('Đăng ký thành công').waitFor();
    await page.getByText('Đăng nhập thành công').waitFor();
    await page.waitForURL(`${stack.shellUrl}/`);
    const userMenu = page.getByRole('button', { name: `Mở menu tài khoản: ${account.displayName}` });
    await userMenu.waitFor();
    assert.ok(await storedToken(page), 'the token is kept under access_token');

    await userMenu.click();
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    const headerSignIn = page.getByRole('banner').getByRole('link', { name: 'Đăng nhập', exact: true });
    await headerSignIn.waitFor();
    assert.equal(await storedToken(page), null, 'logging out forgets the token');

    await headerSignIn.click();
    await page.waitForURL(`${stack.shellUrl}/signin`);
    await signIn(page, account.username.toUpperCase(), account.password);
    await page.getByText('Đăng nhập thành công').waitFor();
    await page.waitForURL(`${stack.shellUrl}/`);
    await userMenu.waitFor();

    // A full load: the session must come back from storage, not from memory.
    await page.goto(`${stack.shellUrl}/profile`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile');
    await page.getByRole('button', { name: `Mở menu tài khoản: ${account.displayName}` }).waitFor();
    assert.deepEqual(errors, [], 'no page error');
    await context.close();
  });

  it('brings a signed-out visitor of /profile back there after signing in', async () => {
    const account = newAccount();
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${stack.shellUrl}/signup`);
    await signUp(page, account);
    await page.waitForURL(`${stack.shellUrl}/`);
    await page.evaluate(() => localStorage.removeItem('access_token'));

    await page.goto(`${stack.shellUrl}/profile`);
    await page.waitForURL(`${stack.shellUrl}/signin?redirect=%2Fprofile`);
    await signIn(page, account.username, account.password);
    await page.waitForURL(`${stack.shellUrl}/profile`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    assert.deepEqual(errors, [], 'no page error');
    await context.close();
  });

  it('refuses a wrong password with the spec message and clears only the password', async () => {
    const account = newAccount();
    const { context, page } = await openPage(browser);
    await page.goto(`${stack.shellUrl}/signup`);
    await signUp(page, account);
    await page.waitForURL(`${stack.shellUrl}/`);
    await page.evaluate(() => localStorage.removeItem('access_token'));

    await page.goto(`${stack.shellUrl}/signin`);
    await signIn(page, account.username, 'not-the-password');
    await page.getByText('Tên đăng nhập hoặc mật khẩu không đúng').waitFor();
    assert.equal(await page.getByLabel('Mật khẩu', { exact: true }).inputValue(), '');
    assert.equal(await page.getByLabel('Tên đăng nhập', { exact: true }).inputValue(), account.username);
    assert.equal(new URL(page.url()).pathname, '/signin');
    assert.equal(await storedToken(page), null);
    await context.close();
  });

  it('answers a taken username with the duplicate message and resets the form', async () => {
    const account = newAccount();
    const { context, page } = await openPage(browser);
    await page.goto(`${stack.shellUrl}/signup`);
    await signUp(page, account);
    await page.waitForURL(`${stack.shellUrl}/`);
    await page.evaluate(() => localStorage.removeItem('access_token'));

    await page.goto(`${stack.shellUrl}/signup`);
    await signUp(page, { ...account, email: `other.${account.email}` });
    await page.getByText('Trùng tên đăng nhập hoặc email').waitFor();
    assert.equal(await page.getByLabel('Tên đăng nhập', { exact: true }).inputValue(), '');
    assert.equal(await page.getByLabel('Họ tên', { exact: true }).inputValue(), '');
    assert.equal(new URL(page.url()).pathname, '/signup');
    await context.close();
  });
});
