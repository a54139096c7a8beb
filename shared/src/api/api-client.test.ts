import { http, HttpResponse } from 'msw';
import { AUTH_API, authApi } from '../../../test-support/auth-api-handlers';
import { sentRequests, server } from '../../../test-support/msw-server';
import { apiClient, errorStatus, messageForStatus, toErrorMessage, unwrapBody } from './api-client';
import { login } from './auth-api';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('the one API client', () => {
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends JSON to /api and returns the XSRF-TOKEN cookie as the X-XSRF-TOKEN header (spec §7, §9)', async () => {
    authApi.addAccount({ username: 'an', password: 'x' });
    document.cookie = 'XSRF-TOKEN=xsrf-1';
    await apiClient.post('/auth/login', { username: 'an', password: 'x' });

    expect(await sentRequests()).toEqual([
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: expect.objectContaining({
          'content-type': expect.stringMatching(/^application\/json/),
          accept: 'application/json',
          'x-xsrf-token': 'xsrf-1',
        }),
        body: { username: 'an', password: 'x' },
      },
    ]);
  });

  it('sets no timeout of its own (spec §9: 0)', () => {
    expect(apiClient.defaults.timeout).toBe(0);
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
  const json = (status: number, body: object) => () => HttpResponse.json(body, { status });

  it.each<[string, string, () => Response, number | undefined]>([
    ['400 with the server message', 'Email không hợp lệ', json(400, { message: 'Email không hợp lệ' }), 400],
    ['400 without a message', 'Dữ liệu không hợp lệ', json(400, {}), 400],
    ['400 with a blank message', 'Dữ liệu không hợp lệ', json(400, { message: '  ' }), 400],
    ['401', 'Tên đăng nhập hoặc mật khẩu không đúng', json(401, { message: 'Unauthorized' }), 401],
    ['409', 'Trùng tên đăng nhập hoặc email', json(409, { message: 'Conflict' }), 409],
    ['429 with the server message', 'Chậm lại', json(429, { message: 'Chậm lại' }), 429],
    [
      '429 without a body',
      'Bạn đã thử quá nhiều lần, vui lòng thử lại sau ít phút',
      () => new HttpResponse(null, { status: 429 }),
      429,
    ],
    ['500', 'Lỗi máy chủ, vui lòng thử lại sau', json(500, { message: 'TypeError: x is undefined' }), 500],
    ['another status with a message', 'Bị chặn', json(403, { message: 'Bị chặn' }), 403],
    [
      'another status with an HTML page',
      'Lỗi hệ thống, vui lòng thử lại!',
      () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      502,
    ],
    ['no response', 'Lỗi hệ thống, vui lòng thử lại!', () => HttpResponse.error(), undefined],
  ])("maps %s to '%s'", async (_case, message, reply, status) => {
    server.use(http.post(AUTH_API.register, reply));
    const error = await failureOf(apiClient.post('/auth/register', {}));
    expect(toErrorMessage(error)).toBe(message);
    expect(errorStatus(error)).toBe(status);
  });

  it("passes on the auth API's own words when it throttles or is busy", async () => {
    authApi.rateLimit(30);
    expect(toErrorMessage(await failureOf(login({ username: 'an', password: '12345678' })))).toBe(
      'Bạn đã thử quá nhiều lần, vui lòng thử lại sau ít phút',
    );
    authApi.beBusy();
    expect(toErrorMessage(await failureOf(login({ username: 'an', password: '12345678' })))).toBe(
      'Máy chủ đang bận, vui lòng thử lại sau giây lát',
    );
  });

  it("maps anything that is not an HTTP failure to 'Lỗi hệ thống, vui lòng thử lại!'", () => {
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
