import { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { useSessionStore } from '../session/session-store';
import { apiClient } from './api-client';
import { fetchCurrentUser, login, register } from './auth-api';

const realAdapter = apiClient.defaults.adapter;
let seen: InternalAxiosRequestConfig[];

function answer(body: unknown): void {
  seen = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data: body, status: 200, statusText: '', headers: {}, config, request: {} };
  };
  apiClient.defaults.adapter = adapter;
}

afterEach(() => {
  apiClient.defaults.adapter = realAdapter;
});

describe('auth API calls (spec §7)', () => {
  it('signs in with username and password and reads data.access_token', async () => {
    answer({ data: { access_token: 'tok' } });
    await expect(login({ username: 'an', password: '12345678' })).resolves.toEqual({ data: { access_token: 'tok' } });
    expect(seen[0]).toMatchObject({ method: 'post', url: '/auth/login' });
    expect(JSON.parse(String(seen[0]?.data))).toEqual({ username: 'an', password: '12345678' });
  });

  it('sends the whole sign-up form, confirmPassword included, and reads data.status and data.message', async () => {
    answer({ data: { status: 200, message: 'Đăng ký thành công' } });
    const form = {
      displayName: 'An',
      username: 'an',
      email: 'an@example.vn',
      password: '12345678',
      confirmPassword: '12345678',
    };
    await expect(register(form)).resolves.toEqual({ data: { status: 200, message: 'Đăng ký thành công' } });
    expect(seen[0]).toMatchObject({ method: 'post', url: '/auth/register' });
    expect(JSON.parse(String(seen[0]?.data))).toEqual(form);
  });

  it('reads the current user with the bearer token, or null when the body has no data', async () => {
    useSessionStore.getState().signIn('tok');
    answer({ data: { username: 'an', displayName: 'An', email: 'an@example.vn' } });
    await expect(fetchCurrentUser()).resolves.toEqual({ username: 'an', displayName: 'An', email: 'an@example.vn' });
    expect(seen[0]).toMatchObject({ method: 'get', url: '/auth/me' });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok');

    answer({ message: 'no profile' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });
});
