import { http, HttpResponse } from 'msw';
import { AUTH_API, TEST_ACCOUNT, authApi } from '../../../test-support/auth-api-handlers';
import { sentRequests, server } from '../../../test-support/msw-server';
import { useSessionStore } from '../session/session-store';
import { fetchCurrentUser, login, logout, register } from './auth-api';

const FORM = { ...TEST_ACCOUNT, confirmPassword: TEST_ACCOUNT.password };

describe('auth API calls (spec §7)', () => {
  it('signs in with username and password and reads data.access_token', async () => {
    authApi.addAccount();
    const body = await login({ username: TEST_ACCOUNT.username, password: TEST_ACCOUNT.password });

    expect(authApi.accountOf(body.data?.access_token)).toEqual(TEST_ACCOUNT);
    expect(await sentRequests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/auth/login',
        body: { username: TEST_ACCOUNT.username, password: TEST_ACCOUNT.password },
      }),
    ]);
  });

  it('sends the whole sign-up form, confirmPassword included, and reads data.status and data.message', async () => {
    await expect(register(FORM)).resolves.toEqual({ data: { status: 200, message: 'Đăng ký thành công' } });
    expect(await sentRequests()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/register', body: FORM }),
    ]);
    expect(authApi.accounts()).toEqual([TEST_ACCOUNT]);
  });

  it('reads the current user with the bearer token', async () => {
    authApi.addAccount();
    const token = authApi.tokenFor();
    useSessionStore.getState().signIn(token);

    await expect(fetchCurrentUser()).resolves.toEqual({
      username: 'an.nguyen',
      displayName: 'Nguyễn Văn An',
      email: 'an@example.vn',
    });
    expect(await sentRequests()).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/auth/me',
        headers: expect.objectContaining({ authorization: `Bearer ${token}` }),
      }),
    ]);
  });

  it('revokes the token it is given, whatever the session holds, and rejects once it is dead', async () => {
    authApi.addAccount();
    const revoked = authApi.tokenFor();
    useSessionStore.getState().signIn(authApi.tokenFor());

    await expect(logout(revoked)).resolves.toBeUndefined();
    expect(authApi.accountOf(revoked)).toBeUndefined();
    await expect(logout(revoked)).rejects.toMatchObject({ response: { status: 401 } });
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(
      (await sentRequests()).map(({ method, path, headers, body }) => [method, path, headers.authorization, body]),
    ).toEqual([
      ['POST', '/api/auth/logout', `Bearer ${revoked}`, undefined],
      ['POST', '/api/auth/logout', `Bearer ${revoked}`, undefined],
    ]);
  });

  it('reads no current user from a body without data', async () => {
    server.use(http.get(AUTH_API.me, () => HttpResponse.json({ message: 'no profile' })));
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });
});
