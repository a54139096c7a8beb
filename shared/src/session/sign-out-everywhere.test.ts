import { http, HttpResponse } from 'msw';
import toast from 'react-hot-toast';
import { AUTH_API, authApi } from '../../../test-support/auth-api-handlers';
import { heldResponse, sentRequests, server } from '../../../test-support/msw-server';
import { signOutEverywhere, useSessionStore } from './session-store';
// As in the shell once someone signs in: the auth API's calls are loaded, and with them the session's
// hold on the API client (a 401 ends the session), which the revocation must not trip.
import '../api/auth-api';

function signedIn(): string {
  authApi.addAccount();
  const token = authApi.tokenFor();
  useSessionStore.getState().signIn(token);
  return token;
}

const signedOutHere = () => {
  expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
  expect(localStorage.getItem('access_token')).toBeNull();
};

describe('signOutEverywhere', () => {
  it('signs out here and has the auth API revoke the token it held', async () => {
    const token = signedIn();
    await signOutEverywhere();

    signedOutHere();
    expect(await sentRequests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/auth/logout',
        headers: expect.objectContaining({ authorization: `Bearer ${token}` }),
        body: undefined,
      }),
    ]);
    expect(authApi.accountOf(token)).toBeUndefined();
  });

  it('signs out here before the auth API answers', async () => {
    signedIn();
    const held = heldResponse();
    server.use(http.post(AUTH_API.logout, held.resolver));
    const events: string[] = [];
    const unsubscribe = useSessionStore.subscribe((state) =>
      events.push(state.isAuthenticated ? 'signed in' : 'signed out here'),
    );

    const done = signOutEverywhere().then(() => events.push('auth API answered'));
    signedOutHere();
    await sentRequests();
    held.release(new HttpResponse(null, { status: 204 }));
    await done;
    unsubscribe();
    expect(events).toEqual(['signed out here', 'auth API answered']);
  });

  it.each<[string, () => Response]>([
    ['a network error', () => HttpResponse.error()],
    ['401', () => HttpResponse.json({ message: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn' }, { status: 401 })],
    ['500', () => HttpResponse.json({ message: 'Lỗi máy chủ, vui lòng thử lại sau' }, { status: 500 })],
    ['503', () => HttpResponse.json({ message: 'Máy chủ đang bận' }, { status: 503 })],
  ])('stays signed out, quietly, when the auth API answers %s', async (_case, reply) => {
    signedIn();
    server.use(http.post(AUTH_API.logout, reply));
    const toastError = jest.spyOn(toast, 'error');

    await expect(signOutEverywhere()).resolves.toBeUndefined();
    signedOutHere();
    expect(toastError).not.toHaveBeenCalled();
    toastError.mockRestore();
  });

  it('leaves a session signed in meanwhile alone when the old token is refused', async () => {
    const oldToken = signedIn();
    const held = heldResponse();
    server.use(http.post(AUTH_API.logout, held.resolver));
    const done = signOutEverywhere();
    await sentRequests();
    const newToken = authApi.tokenFor();
    useSessionStore.getState().signIn(newToken);

    held.release(HttpResponse.json({ message: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn' }, { status: 401 }));
    await done;
    expect(useSessionStore.getState()).toMatchObject({ token: newToken, isAuthenticated: true });
    expect((await sentRequests())[0]?.headers.authorization).toBe(`Bearer ${oldToken}`);
  });

  it('sends nothing without a session', async () => {
    await signOutEverywhere();
    signedOutHere();
    expect(await sentRequests()).toEqual([]);
  });
});
