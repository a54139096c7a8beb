import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { AUTH_API, TEST_ACCOUNT, authApi } from '../../../test-support/auth-api-handlers';
import { sentRequests, server } from '../../../test-support/msw-server';
import { useSessionStore } from '../session/session-store';
import { errorStatus } from './api-client';
import { fetchCurrentUser, login, logout, register } from './auth-api';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

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

describe("the auth API's calls", () => {
  it("send an empty Authorization value when signed out, and the session's bearer token once signed in", async () => {
    authApi.addAccount();
    const [first, second] = [authApi.tokenFor(), authApi.tokenFor()];
    await failureOf(fetchCurrentUser());
    useSessionStore.getState().signIn(first);
    await fetchCurrentUser();
    useSessionStore.getState().signIn(second);
    await fetchCurrentUser();

    const sent = await sentRequests();
    expect(sent.map(({ headers }) => headers.authorization)).toEqual(['', `Bearer ${first}`, `Bearer ${second}`]);
  });
});

describe('a 401 to a call made with the session ends it', () => {
  const expired = 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại';

  it('signs out and toasts once when calls made with a token the API no longer accepts are refused', async () => {
    render(createElement(Toaster));
    useSessionStore.getState().signIn('stale');
    await act(async () => {
      await Promise.all([failureOf(fetchCurrentUser()), failureOf(fetchCurrentUser())]);
    });
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findAllByText(expired)).toHaveLength(1);
  });

  it('leaves a signed-out visitor alone', async () => {
    render(createElement(Toaster));
    await act(async () => {
      expect(errorStatus(await failureOf(fetchCurrentUser()))).toBe(401);
    });
    expect(screen.queryByText(expired)).not.toBeInTheDocument();
  });

  it('does not treat refused credentials at sign-in as an expired session', async () => {
    render(createElement(Toaster));
    useSessionStore.getState().signIn('current');
    await act(async () => {
      expect(errorStatus(await failureOf(login({ username: 'an', password: 'wrong-password' })))).toBe(401);
    });
    expect(useSessionStore.getState().token).toBe('current');
    expect(screen.queryByText(expired)).not.toBeInTheDocument();
  });

  it.each<[string, () => Response]>([
    ['403', () => HttpResponse.json({ message: 'Bị chặn' }, { status: 403 })],
    ['500', () => HttpResponse.json({}, { status: 500 })],
    ['no response', () => HttpResponse.error()],
  ])('keeps the session when a call fails otherwise (%s)', async (_case, reply) => {
    render(createElement(Toaster));
    server.use(http.get(AUTH_API.me, reply));
    useSessionStore.getState().signIn('current');
    await act(async () => {
      await failureOf(fetchCurrentUser());
    });
    expect(useSessionStore.getState().token).toBe('current');
    expect(localStorage.getItem('access_token')).toBe('current');
    expect(screen.queryByText(expired)).not.toBeInTheDocument();
  });
});
