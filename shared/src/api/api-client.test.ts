import { act, render, screen } from '@testing-library/react';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { useSessionStore } from '../session/session-store';
import { apiClient, errorStatus, messageForStatus, toErrorMessage, unwrapBody } from './api-client';
import { login } from './auth-api';

type Reply = { status: number; body?: unknown } | 'network-error';

const realAdapter = apiClient.defaults.adapter;
let seen: InternalAxiosRequestConfig[];

/** Answers every request with `reply` at the HTTP adapter, below the client's interceptors. */
function answer(reply: Reply): void {
  seen = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response = { data: reply.body, status: reply.status, statusText: '', headers: {}, config, request: {} };
    if (reply.status < 300) return response;
    throw new AxiosError(`status ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
  };
  apiClient.defaults.adapter = adapter;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

afterEach(() => {
  apiClient.defaults.adapter = realAdapter;
  act(() => toast.removeAll());
});

describe('the one API client', () => {
  it('speaks JSON to /api with no timeout and the XSRF names of spec §9', async () => {
    answer({ status: 200, body: {} });
    await apiClient.post('/auth/login', { username: 'an', password: 'x' });
    const [config] = seen;
    expect(config?.baseURL).toBe('/api');
    expect(config?.timeout).toBe(0);
    expect(config?.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(config?.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(config?.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(config?.data).toBe('{"username":"an","password":"x"}');
  });

  it('sends an empty Authorization value when signed out, and the bearer token once signed in', async () => {
    answer({ status: 200, body: {} });
    await apiClient.get('/auth/me');
    expect(seen[0]?.headers.get('Authorization')).toBe('');
    expect(seen[0]?.headers.toJSON()).toHaveProperty('Authorization', '');

    useSessionStore.getState().signIn('tok-1');
    await apiClient.get('/auth/me');
    expect(seen[1]?.headers.get('Authorization')).toBe('Bearer tok-1');

    useSessionStore.getState().signIn('tok-2');
    await apiClient.get('/auth/me');
    expect(seen[2]?.headers.get('Authorization')).toBe('Bearer tok-2');
  });
});

describe('unwrapBody', () => {
  const wrap = (data: unknown) => unwrapBody({ data, status: 200, statusText: '', headers: {}, config: {} as never });

  it('returns the body when it has a data field', () => {
    expect(wrap({ data: { access_token: 't' }, extra: 1 })).toEqual({ data: { access_token: 't' }, extra: 1 });
  });

  it('keeps only the message of a body without data', () => {
    expect(wrap({ message: 'Bảo trì', other: true })).toEqual({ message: 'Bảo trì' });
    expect(wrap({ other: true })).toEqual({});
  });

  it.each([[null], ['<html>'], [''], [42]])('returns nothing usable for %p', (body) => {
    expect(wrap(body)).toEqual({});
  });
});

describe('spec §8 error mapping', () => {
  it.each<[string, Reply, string]>([
    ['400 with the server message', { status: 400, body: { message: 'Email không hợp lệ' } }, 'Email không hợp lệ'],
    ['400 without a message', { status: 400, body: {} }, 'Dữ liệu không hợp lệ'],
    ['400 with a blank message', { status: 400, body: { message: '  ' } }, 'Dữ liệu không hợp lệ'],
    ['401', { status: 401, body: { message: 'Unauthorized' } }, 'Tên đăng nhập hoặc mật khẩu không đúng'],
    ['409', { status: 409, body: { message: 'Conflict' } }, 'Trùng tên đăng nhập hoặc email'],
    ['429 with the server message', { status: 429, body: { message: 'Chậm lại' } }, 'Chậm lại'],
    ['429 without a message', { status: 429 }, 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau ít phút'],
    ['500', { status: 500, body: { message: 'TypeError: x is undefined' } }, 'Lỗi máy chủ, vui lòng thử lại sau'],
    ['another status with a message', { status: 403, body: { message: 'Bị chặn' } }, 'Bị chặn'],
    [
      'another status without a message',
      { status: 502, body: '<html>Bad Gateway</html>' },
      'Lỗi hệ thống, vui lòng thử lại!',
    ],
    ['no response', 'network-error', 'Lỗi hệ thống, vui lòng thử lại!'],
  ])('%s', async (_case, reply, message) => {
    answer(reply);
    const error = await failureOf(apiClient.post('/auth/register', {}));
    expect(toErrorMessage(error)).toBe(message);
    expect(errorStatus(error)).toBe(reply === 'network-error' ? undefined : reply.status);
  });

  it('maps anything that is not an HTTP failure to the no-response message', () => {
    expect(toErrorMessage(new Error('bug'))).toBe('Lỗi hệ thống, vui lòng thử lại!');
    expect(toErrorMessage('oops')).toBe('Lỗi hệ thống, vui lòng thử lại!');
    expect(errorStatus(new Error('bug'))).toBeUndefined();
  });

  it('maps a status carried in a body the same way', () => {
    expect(messageForStatus(409, 'x')).toBe('Trùng tên đăng nhập hoặc email');
    expect(messageForStatus(400, 'Tên quá dài')).toBe('Tên quá dài');
    expect(messageForStatus(400)).toBe('Dữ liệu không hợp lệ');
  });
});

describe('a 401 ends the session', () => {
  const expired = 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại';

  it('signs out and toasts once when calls made with a token are refused', async () => {
    render(createElement(Toaster));
    useSessionStore.getState().signIn('stale');
    answer({ status: 401, body: {} });
    await act(async () => {
      await Promise.all([failureOf(apiClient.get('/auth/me')), failureOf(apiClient.get('/auth/me'))]);
    });
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findAllByText(expired)).toHaveLength(1);
  });

  it('leaves a signed-out visitor alone', async () => {
    render(createElement(Toaster));
    answer({ status: 401, body: {} });
    await act(async () => {
      await failureOf(apiClient.get('/auth/me'));
    });
    expect(screen.queryByText(expired)).not.toBeInTheDocument();
  });

  it('does not treat refused credentials at sign-in as an expired session', async () => {
    render(createElement(Toaster));
    useSessionStore.getState().signIn('current');
    answer({ status: 401, body: {} });
    await act(async () => {
      await failureOf(login({ username: 'an', password: 'wrong-password' }));
    });
    expect(useSessionStore.getState().token).toBe('current');
    expect(screen.queryByText(expired)).not.toBeInTheDocument();
  });
});
