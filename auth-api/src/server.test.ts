import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_FILE } from './secret.ts';
import { DEFAULTS } from './server.ts';
import { holdWriteLock } from './test-process.ts';
import { makeDataDir, removeDataDir, runApi, type RunningApi } from './test-server.ts';
import { DATABASE_FILE } from './users.ts';

const SIGN_UP = {
  displayName: 'Nguyễn Văn An',
  username: 'an.nguyen',
  email: 'an@example.vn',
  password: 'mat-khau-an-toan',
  confirmPassword: 'mat-khau-an-toan',
};

const UNLIMITED = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

let dataDir: string;
let api: RunningApi;

beforeEach(async () => {
  dataDir = makeDataDir();
  api = await runApi(dataDir);
});

afterEach(async () => {
  await api.close();
  removeDataDir(dataDir);
});

async function register(overrides: Partial<typeof SIGN_UP> = {}) {
  return api.request('POST', '/api/auth/register', { json: { ...SIGN_UP, ...overrides } });
}

async function login(username: string, password: string) {
  return api.request('POST', '/api/auth/login', { json: { username, password } });
}

async function tokenFor(username = SIGN_UP.username, password = SIGN_UP.password): Promise<string> {
  const response = await login(username, password);
  expect(response.status).toBe(200);
  return (response.body.data as { access_token: string }).access_token;
}

const bearer = (token?: string): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

function me(token?: string) {
  return api.request('GET', '/api/auth/me', { headers: bearer(token) });
}

function logout(token?: string) {
  return api.request('POST', '/api/auth/logout', { headers: bearer(token) });
}

const SESSION_INVALID = 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn';

describe('health', () => {
  it('answers ok and is never cached', async () => {
    const response = await api.request('GET', '/api/health');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a client sending its request', () => {
  it('has a bounded time to send all of it (fastify sets none by default)', async () => {
    expect(api.app.server.requestTimeout).toBe(DEFAULTS.requestTimeoutMs);
    const other = makeDataDir();
    const slow = await runApi(other, { requestTimeoutMs: 5_000 });
    try {
      expect(slow.app.server.requestTimeout).toBe(5_000);
    } finally {
      await slow.close();
      removeDataDir(other);
    }
  });
});

describe('register, login, me', () => {
  it('registers, signs in and returns the profile for the token', async () => {
    const registered = await register();
    expect(registered).toMatchObject({ status: 200, body: { data: { status: 200, message: 'Đăng ký thành công' } } });

    const token = await tokenFor();
    expect(token.split('.')).toHaveLength(3);

    const profile = await me(token);
    expect(profile).toMatchObject({
      status: 200,
      body: { data: { username: 'an.nguyen', displayName: 'Nguyễn Văn An', email: 'an@example.vn' } },
    });
    expect(JSON.stringify(profile.body)).not.toMatch(/password|hash/i);
  });

  it('signs in whatever the case of the username, and trims what was typed around it', async () => {
    await register();
    await expect(tokenFor('AN.Nguyen')).resolves.toEqual(expect.any(String));
    await expect(tokenFor('  an.nguyen ')).resolves.toEqual(expect.any(String));
  });

  it('answers a wrong password and an unknown username with the same 401', async () => {
    await register();
    const wrongPassword = await login('an.nguyen', 'not-the-password');
    const unknownUser = await login('nobody-here', 'not-the-password');
    for (const response of [wrongPassword, unknownUser]) {
      expect(response).toMatchObject({ status: 401, body: { message: 'Tên đăng nhập hoặc mật khẩu không đúng' } });
    }
    expect(wrongPassword.body).toEqual(unknownUser.body);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-token'],
    ['a token signed with another secret', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('refuses /me with %s', async (_case, token) => {
    const response = await me(token);
    expect(response).toMatchObject({ status: 401, body: { message: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn' } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses /me with a tampered token', async () => {
    await register();
    const [header, payload, signature] = (await tokenFor()).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url');
    expect((await me(`${header}.${forged}.${signature}`)).status).toBe(401);
  });

  it("refuses a deleted user's token, even once another user took the deleted row's place", async () => {
    await register();
    const deletedUsersToken = await tokenFor();
    const raw = new Database(join(dataDir, DATABASE_FILE));
    raw.prepare('DELETE FROM users').run();
    raw.close();
    await register({ username: 'binh', email: 'binh@example.vn', displayName: 'Bình' });

    expect((await me(deletedUsersToken)).status).toBe(401);
    expect((await me(await tokenFor('binh'))).body).toEqual({
      data: { username: 'binh', displayName: 'Bình', email: 'binh@example.vn' },
    });
  });

  it.each<[string, (signature: string) => string]>([
    ['"=" appended', (signature) => `${signature}=`],
    ['"!!" inserted', (signature) => `${signature.slice(0, 8)}!!${signature.slice(8)}`],
    ['in padded standard base64', (signature) => Buffer.from(signature, 'base64url').toString('base64')],
  ])('refuses /me with the signature respelled: %s', async (_case, respell) => {
    await register();
    const [header, payload, signature] = (await tokenFor()).split('.') as [string, string, string];
    expect((await me(`${header}.${payload}.${signature}`)).status).toBe(200);
    expect((await me(`${header}.${payload}.${respell(signature)}`)).status).toBe(401);
  });

  it('refuses /me once the token has expired', async () => {
    await api.close();
    let now = Date.parse('2030-01-01T00:00:00Z');
    api = await runApi(dataDir, { tokenTtlSeconds: 60, now: () => now });
    await register();
    const token = await tokenFor();
    now += 59_000;
    expect((await me(token)).status).toBe(200);
    now += 1_000;
    expect((await me(token)).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the token it is sent: 204, then 401 on /me and on logout itself', async () => {
    await register();
    const token = await tokenFor();
    const otherSession = await tokenFor();
    expect((await me(token)).status).toBe(200);

    const signedOut = await logout(token);
    expect(signedOut.status).toBe(204);
    expect(signedOut.body).toEqual({});
    expect(signedOut.headers.get('cache-control')).toBe('no-store');

    for (const response of [await me(token), await logout(token)]) {
      expect(response).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
    // Only that token: the same user's other sessions go on.
    expect((await me(otherSession)).status).toBe(200);
    expect((await me(await tokenFor())).status).toBe(200);
  });

  it('answers a logout sent with a JSON body like one without', async () => {
    await register();
    const token = await tokenFor();
    const response = await api.request('POST', '/api/auth/logout', { headers: bearer(token), json: {} });
    expect(response.status).toBe(204);
    expect((await me(token)).status).toBe(401);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-token'],
    ['a token signed with another secret', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('refuses a logout with %s: 401 in Vietnamese', async (_case, token) => {
    const response = await logout(token);
    expect(response).toMatchObject({ status: 401, body: { message: SESSION_INVALID } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('keeps a revoked token refused across a restart', async () => {
    await register();
    const token = await tokenFor();
    expect((await logout(token)).status).toBe(204);
    await api.close();
    api = await runApi(dataDir);
    expect((await me(token)).status).toBe(401);
  });

  it('keeps a revocation only until the token expires', async () => {
    await api.close();
    let now = Date.parse('2030-01-01T00:00:00Z');
    api = await runApi(dataDir, { tokenTtlSeconds: 60, now: () => now });
    await register();
    const first = await tokenFor();
    expect((await logout(first)).status).toBe(204);
    now += 60_000;
    expect((await logout(await tokenFor())).status).toBe(204);

    const raw = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    const rows = raw.prepare('SELECT expires_at AS expiresAt FROM revoked_tokens').all();
    raw.close();
    expect(rows).toEqual([{ expiresAt: now / 1000 + 60 }]);
  });
});

describe('400: invalid registrations, in Vietnamese', () => {
  it.each([
    ['displayName', { displayName: '' }, 'Chưa nhập tên hiển thị'],
    ['displayName (blank)', { displayName: '   ' }, 'Chưa nhập tên hiển thị'],
    ['username', { username: '' }, 'Chưa nhập tên đăng nhập'],
    ['email', { email: '' }, 'Chưa nhập email'],
    ['email format', { email: 'an-at-example.vn' }, 'Email không hợp lệ'],
    ['password', { password: '', confirmPassword: '' }, 'Chưa nhập mật khẩu'],
    ['password length', { password: '1234567', confirmPassword: '1234567' }, 'Mật khẩu phải có ít nhất 8 ký tự'],
    ['confirmPassword', { confirmPassword: '' }, 'Chưa nhập xác nhận mật khẩu'],
    ['confirmPassword match', { confirmPassword: 'something-else' }, 'Xác nhận mật khẩu không khớp'],
    ['displayName length', { displayName: 'A'.repeat(101) }, 'Tên hiển thị tối đa 100 ký tự'],
    ['username length', { username: 'a'.repeat(51) }, 'Tên đăng nhập tối đa 50 ký tự'],
    [
      'username spaces',
      { username: 'an nguyen' },
      'Tên đăng nhập không được chứa khoảng trắng, ký tự điều khiển hoặc ký tự ẩn',
    ],
    ['email length', { email: `${'a'.repeat(250)}@x.vn` }, 'Email tối đa 254 ký tự'],
    [
      'password max length',
      { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
      'Mật khẩu tối đa 128 ký tự',
    ],
  ])('checks %s', async (_field, overrides, message) => {
    const response = await register(overrides as Partial<typeof SIGN_UP>);
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  it.each([
    ['a missing field', { ...SIGN_UP, email: undefined }, 'Chưa nhập email'],
    ['a field of the wrong type', { ...SIGN_UP, username: 42 }, 'Dữ liệu không hợp lệ'],
    ['an array', [SIGN_UP], 'Dữ liệu không hợp lệ'],
    ['null', null, 'Dữ liệu không hợp lệ'],
  ])('refuses %s', async (_case, json, message) => {
    const response = await api.request('POST', '/api/auth/register', { json });
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  it('checks the login body too', async () => {
    expect(await login('', 'x')).toMatchObject({ status: 400, body: { message: 'Vui lòng nhập tên đăng nhập' } });
    expect(await login('an', '')).toMatchObject({ status: 400, body: { message: 'Vui lòng nhập mật khẩu' } });
  });
});

describe('invisible and look-alike names', () => {
  it('lets no invisible or normalised spelling of a taken name become a second account', async () => {
    expect((await register({ username: 'admin', email: 'admin@example.vn' })).status).toBe(200);
    const lookAlikes = [
      'admin\u200b',
      'ad\u00admin',
      'admin\u2060',
      '\u202eadmin',
      'ad\u200dmin',
      'admin\u0000',
      'ＡＤＭＩＮ',
      'Admin',
      'admın',
      'ａｄｍｉｎ',
    ];
    const responses = await Promise.all(
      lookAlikes.map((username, index) => register({ username, email: `admin${index}@example.vn` })),
    );
    const accepted = lookAlikes.filter((_username, index) => ![400, 409].includes(responses[index]?.status ?? 0));
    expect(accepted).toEqual([]);
  });

  it.each([
    ['a NUL in the display name', { displayName: 'admin\u0000' }],
    ['a NUL in the email', { email: 'admin\u0000@example.vn' }],
    ['a right-to-left override in the display name', { displayName: 'admin\u202e' }],
  ])('refuses %s', async (_case, overrides) => {
    expect((await register(overrides)).status).toBe(400);
  });

  it('signs in with any spelling that normalises to the stored name', async () => {
    await register({ username: 'straße' });
    await expect(tokenFor('STRASSE')).resolves.toEqual(expect.any(String));
    await expect(tokenFor('ｓｔｒａｓｓｅ')).resolves.toEqual(expect.any(String));
  });
});

describe('malformed requests never cause a 500', () => {
  it.each([
    ['broken JSON', '{"username": "an",'],
    ['an empty JSON body', ''],
    ['a prototype-poisoning body', '{"__proto__": {"admin": true}, "username": "an", "password": "12345678"}'],
  ])('answers 400 to %s', async (_case, body) => {
    const response = await api.request('POST', '/api/auth/login', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('never answers 5xx, whatever arrives', async () => {
    await register();
    const token = await tokenFor();
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const jsonBodies: unknown[] = [
      0,
      -1,
      1e308,
      true,
      false,
      'text',
      '',
      [],
      [[]],
      {},
      { username: {} },
      { username: [] },
      { username: null, password: null },
      { username: 1, password: 2 },
      { username: true, password: false },
      { username: 'an', password: { length: 9 } },
      { username: 'an', password: ['12345678'] },
      { username: 'a'.repeat(5_000), password: 'b'.repeat(5_000) },
      { username: '\u0000', password: '\u0000' },
      { username: '\ud800', password: '\udfff' },
      { username: '\u202e', password: '\ufeff' },
      { username: 'an', password: 'x', extra: { nested: [1, 2, { deeper: null }] } },
      { constructor: { prototype: { admin: true } }, username: 'an', password: 'x' },
      { toString: 'x', valueOf: 1, hasOwnProperty: 'y', username: 'an', password: 'mat-khau' },
      { displayName: 1, username: 2, email: 3, password: 4, confirmPassword: 5 },
      { displayName: 'A', username: 'b', email: 'c@d.e', password: 'x'.repeat(200), confirmPassword: 'x'.repeat(200) },
      { displayName: 'A', username: 'b', email: '@@@', password: '12345678', confirmPassword: '12345678' },
      { displayName: 'A', username: 'b', email: 'a@b.c', password: '12345678', confirmPassword: 12345678 },
      { displayName: '\ud83d', username: 'b\u0301', email: 'a@b.c', password: '12345678', confirmPassword: '12345678' },
      { ...SIGN_UP, username: 'ﷺ'.repeat(10) },
      { ...SIGN_UP, email: `${'a'.repeat(64)}@${'b'.repeat(189)}.vn` },
    ];
    const rawBodies: Array<string | Buffer> = [
      'null',
      '"',
      '{',
      '}',
      '{"a":}',
      'NaN',
      'Infinity',
      '\u0000',
      '{"username":"an","password":"x"}garbage',
      '{"username":"an","username":"binh","password":"x"}',
      '{"__proto__":{"polluted":1},"username":"an","password":"x"}',
      '{"username":"\\ud800","password":"\\u0000"}',
      deep(5_000),
      `{"a":${deep(3_000)}}`,
      ' '.repeat(10_000),
      Buffer.from([0xff, 0xfe, 0xfd]),
      Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
      Buffer.from('\ufeff{"username":"an","password":"x"}'),
      Buffer.alloc(100, 0),
    ];
    const contentTypes = [
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json, text/plain',
      ';;;',
    ];
    const authorizations = [
      'Bearer',
      'Bearer ',
      `Bearer ${'a'.repeat(8_000)}`,
      'Basic YW46eA==',
      'Bearer a.b.c',
      'Bearer ....',
      `Bearer ${token} extra`,
      `Bearer ${token}.`,
      `bearer ${token.toUpperCase()}`,
      `Bearer ${token.slice(0, -5)}`,
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`,
      `Bearer ${token.split('.')[0]}.${Buffer.from('{"sub":42,"exp":"never"}').toString('base64url')}.${token.split('.')[2]}`,
    ];
    const json = { 'content-type': 'application/json' };
    const requests: Array<Promise<{ status: number; body: Record<string, unknown> }>> = [];
    for (const path of ['/api/auth/login', '/api/auth/register']) {
      for (const body of jsonBodies) requests.push(api.request('POST', path, { json: body }));
      for (const body of rawBodies) requests.push(api.request('POST', path, { body, headers: json }));
      for (const type of contentTypes) {
        requests.push(api.request('POST', path, { body: '{"username":"an"}', headers: { 'content-type': type } }));
      }
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) requests.push(api.request(method, path));
      requests.push(api.request('POST', path));
    }
    for (const authorization of authorizations) {
      requests.push(api.request('GET', '/api/auth/me', { headers: { authorization } }));
    }
    for (const path of [
      '/api/auth/me?x=%ff',
      '/api/%2e%2e/etc/passwd',
      `/api/${'x'.repeat(4_000)}`,
      '/api/auth/login/',
    ]) {
      requests.push(api.request('GET', path));
    }
    const responses = await Promise.all(requests);
    expect(responses.length).toBeGreaterThan(130);
    const failures = responses.filter(
      ({ status, body }) => status >= 500 || (status >= 400 && typeof body.message !== 'string'),
    );
    expect(failures).toEqual([]);
  });

  it('names broken JSON as such', async () => {
    const response = await api.request('POST', '/api/auth/register', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toMatchObject({ status: 400, body: { message: 'Dữ liệu gửi lên không đúng định dạng JSON' } });
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const response = await api.request('POST', '/api/auth/login', {
      body: 'username=an',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response).toMatchObject({ status: 415, body: { message: 'Chỉ chấp nhận dữ liệu dạng JSON' } });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await register({ displayName: 'A'.repeat(20 * 1024) });
    expect(response).toMatchObject({ status: 413, body: { message: 'Dữ liệu gửi lên quá lớn' } });
  });

  it('answers unknown paths with a Vietnamese 404', async () => {
    const response = await api.request('GET', '/api/nope');
    expect(response).toMatchObject({ status: 404, body: { message: 'Không tìm thấy địa chỉ yêu cầu' } });
  });
});

describe('409: one account per username and per email, whatever the case', () => {
  it.each([
    ['the same username in another case', { username: 'AN.NGUYEN', email: 'other@example.vn' }],
    ['the same email in another case', { username: 'someone-else', email: 'AN@Example.VN' }],
  ])('refuses %s', async (_case, overrides) => {
    await register();
    const response = await register(overrides);
    expect(response).toMatchObject({ status: 409, body: { message: 'Trùng tên đăng nhập hoặc email' } });
  });

  it('lets exactly one of 200 concurrent registrations of one username through', async () => {
    await api.close();
    api = await runApi(dataDir, { rateLimits: { registrationsPerClient: UNLIMITED } });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => register({ email: `an${index}@example.vn` })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    await expect(tokenFor()).resolves.toEqual(expect.any(String));
  });
});

describe('the database', () => {
  it('keeps the WAL under 2 MB (it checkpoints every 1 MiB) over 1,000 registrations', async () => {
    await api.close();
    api = await runApi(dataDir, { rateLimits: { registrationsPerClient: UNLIMITED } });
    for (let batch = 0; batch < 50; batch += 1) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const name = `user${batch * 20 + index}`;
          return register({ username: name, email: `${name}@example.vn` });
        }),
      );
      expect(responses.every((response) => response.status === 200)).toBe(true);
    }
    expect(statSync(join(dataDir, `${DATABASE_FILE}-wal`)).size).toBeLessThan(2 * 1024 * 1024);
  });

  it('answers 503 with Retry-After while another process holds the write lock, and stays responsive', async () => {
    const holder = await holdWriteLock(join(dataDir, DATABASE_FILE));
    try {
      // Both answers arrive while the lock is still held: neither request waits for it to go.
      const [registered, health] = await Promise.all([register(), api.request('GET', '/api/health')]);
      expect(registered).toMatchObject({
        status: 503,
        body: { message: 'Máy chủ đang bận, vui lòng thử lại sau giây lát' },
      });
      expect(registered.headers.get('retry-after')).toBe('1');
      expect(health.status).toBe(200);
    } finally {
      await holder.release();
    }
    expect((await register()).status).toBe(200);
  });

  it('refuses a second API on the same data folder, with a clear message', async () => {
    await expect(runApi(dataDir)).rejects.toThrow(`another auth-api is already running on the data folder ${dataDir}`);
    expect((await api.request('GET', '/api/health')).status).toBe(200);
  });

  it('keeps the database files owner-only', async () => {
    await register();
    for (const suffix of ['', '-wal', '-shm']) {
      expect(statSync(join(dataDir, `${DATABASE_FILE}${suffix}`)).mode & 0o777).toBe(0o600);
    }
  });
});

describe('persistence', () => {
  it('keeps users and sessions across a restart on the same data folder', async () => {
    await register();
    const token = await tokenFor();
    await api.close();

    api = await runApi(dataDir);
    expect((await me(token)).status).toBe(200);
    await expect(tokenFor()).resolves.toEqual(expect.any(String));
    expect((await register()).status).toBe(409);
  });

  it('keeps the generated secret readable by its owner only', () => {
    expect(statSync(join(dataDir, SECRET_FILE)).mode & 0o777).toBe(0o600);
  });

  it('uses a configured secret instead of the generated one', async () => {
    await register();
    const token = await tokenFor();
    await api.close();
    api = await runApi(dataDir, { secret: 'a-configured-secret-of-at-least-32-chars' });
    expect((await me(token)).status).toBe(401);
  });
});
