// Sign-up and sign-in end to end: the production build of the shell and remotes against a
// freshly spawned auth API on an empty database, with no request intercepted anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage } from '../support/browser.mjs';
import { useStack } from '../support/suite.mjs';
import { registerSignedOut, registerThroughTheJourney, signIn, signUp, storedToken } from '../support/auth-flow.mjs';

describe('sign-up and sign-in against the real auth API', () => {
  const suite = useStack({ api: true });

  it('registers, lands signed in with the real name, logs out, signs in again and opens /profile', async () => {
    const { context, page, errors } = await openPage(suite.browser);
    await registerThroughTheJourney(page, suite.stack.shellUrl);
    assert.deepEqual(errors, [], 'no page error');
    await context.close();
  });

  it('brings a signed-out visitor of /profile back there after signing in', async () => {
    const { context, page, errors } = await openPage(suite.browser);
    const account = await registerSignedOut(page, suite.stack.shellUrl);

    await page.goto(`${suite.stack.shellUrl}/profile`);
    await page.waitForURL(`${suite.stack.shellUrl}/signin?redirect=%2Fprofile`);
    await signIn(page, account.username, account.password);
    await page.waitForURL(`${suite.stack.shellUrl}/profile`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    assert.deepEqual(errors, [], 'no page error');
    await context.close();
  });

  it('refuses a wrong password with the spec message and clears only the password', async () => {
    const { context, page } = await openPage(suite.browser);
    const account = await registerSignedOut(page, suite.stack.shellUrl);

    await page.goto(`${suite.stack.shellUrl}/signin`);
    await signIn(page, account.username, 'not-the-password');
    await page.getByText('Tên đăng nhập hoặc mật khẩu không đúng').waitFor();
    assert.equal(await page.getByLabel('Mật khẩu', { exact: true }).inputValue(), '');
    assert.equal(await page.getByLabel('Tên đăng nhập', { exact: true }).inputValue(), account.username);
    assert.equal(new URL(page.url()).pathname, '/signin');
    assert.equal(await storedToken(page), null);
    await context.close();
  });

  it('answers a taken username with the duplicate message and resets the form', async () => {
    const { context, page } = await openPage(suite.browser);
    const account = await registerSignedOut(page, suite.stack.shellUrl);

    await page.goto(`${suite.stack.shellUrl}/signup`);
    await signUp(page, { ...account, email: `other.${account.email}` });
    await page.getByText('Trùng tên đăng nhập hoặc email').waitFor();
    assert.equal(await page.getByLabel('Tên đăng nhập', { exact: true }).inputValue(), '');
    assert.equal(await page.getByLabel('Họ tên', { exact: true }).inputValue(), '');
    assert.equal(new URL(page.url()).pathname, '/signup');
    await context.close();
  });
});
