import { makeDataDir, removeDataDir, runApi, type RunningApi, type TestResponse } from './test-server.ts';

const PASSWORD = 'mat-khau-an-toan';
const TOO_MANY = 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau ít phút';

let dataDir: string;
let api: RunningApi;
/**
 * The limits' clock, moved only by a test: on a loaded machine a run of requests can take longer
 * than a one-second back-off, which would then end between two of them.
 */
let now = 0;

beforeEach(async () => {
  dataDir = makeDataDir();
  now = 0;
  api = await runApi(dataDir, { limiterNow: () => now });
});

afterEach(async () => {
  await api.close();
  removeDataDir(dataDir);
});

/** A request from `client`, as the dev or preview proxy (on loopback) forwards it. */
function from(client: string, localAddress?: string) {
  const headers = { 'x-forwarded-for': client };
  return {
    register: (username: string) =>
      api.request('POST', '/api/auth/register', {
        headers,
        localAddress,
        json: {
          displayName: username,
          username,
          email: `${username}@example.vn`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
    login: (username: string, password: string) =>
      api.request('POST', '/api/auth/login', { headers, localAddress, json: { username, password } }),
  };
}

const statuses = (responses: TestResponse[]) => responses.map((response) => response.status);

async function inSequence(count: number, send: (index: number) => Promise<TestResponse>): Promise<number[]> {
  const responses: TestResponse[] = [];
  for (let index = 0; index < count; index += 1) responses.push(await send(index));
  return statuses(responses);
}

async function inParallel(count: number, send: (index: number) => Promise<TestResponse>, batch = 100) {
  const responses: TestResponse[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    responses.push(...(await Promise.all(Array.from({ length: size }, (_, index) => send(start + index)))));
  }
  return statuses(responses);
}

const count = (list: number[], status: number) => list.filter((value) => value === status).length;

describe('login limits', () => {
  const victim = from('203.0.113.10');
  const attacker = from('198.51.100.66');

  beforeEach(async () => {
    expect((await victim.register('an')).status).toBe(200);
  });

  it('throttles 10 failures per client and username, in Vietnamese with Retry-After', async () => {
    expect(await inSequence(10, () => attacker.login('an', 'wrong-password'))).toEqual(Array(10).fill(401));
    const throttled = await attacker.login('AN', PASSWORD);
    expect(throttled).toMatchObject({ status: 429, body: { message: TOO_MANY } });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('counts parallel guesses before checking them: 50 at once get 10 checks', async () => {
    const answered = await inParallel(50, () => attacker.login('an', 'wrong-password'));
    expect([count(answered, 401), count(answered, 429)]).toEqual([10, 40]);
  });

  it('lets 15 successful logins in a row through: only failures count', async () => {
    expect(await inSequence(15, () => victim.login('an', PASSWORD))).toEqual(Array(15).fill(200));
  });

  it('forgets the failures of a client that then signs in', async () => {
    await inSequence(9, () => victim.login('an', 'typo'));
    expect((await victim.login('an', PASSWORD)).status).toBe(200);
    expect(await inSequence(9, () => victim.login('an', 'typo'))).toEqual(Array(9).fill(401));
  });

  it('stops password spraying: 100 usernames from one client, 30 checked', async () => {
    const answered = await inSequence(100, (index) => attacker.login(`user${index}`, 'Mua-he-2024'));
    expect(answered.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(answered.slice(30)).toEqual(Array(70).fill(429));
    expect((await victim.login('user0', 'Mua-he-2024')).status).toBe(401);
  });

  it('cannot lock the owner out: a client locked out of a username leaves one that signed in to it alone', async () => {
    expect((await victim.login('an', PASSWORD)).status).toBe(200);
    await inSequence(10, () => attacker.login('an', 'wrong-password'));
    expect((await attacker.login('an', PASSWORD)).status).toBe(429);
    expect((await victim.login('an', PASSWORD)).status).toBe(200);
    expect((await victim.login('an', 'typo')).status).toBe(401);
  });

  it('meets 60 wrong passwords on one account from 6 clients with 429 long before the 60th', async () => {
    const clients = Array.from({ length: 6 }, (_, index) => from(`198.51.100.${index + 1}`));
    const answered = await inSequence(60, (index) => clients[index % 6]!.login('an', `guess-${index}`));
    expect(answered.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answered.slice(10)).toEqual(Array(50).fill(429));
  });

  it('makes every client wait 2^k seconds per failure past the tenth, up to 5 minutes; the owner signing in ends it', async () => {
    expect((await victim.login('an', PASSWORD)).status).toBe(200);
    const client = (index: number) => from(`198.51.100.${index + 1}`);
    expect(await inSequence(10, (index) => client(index).login('an', 'wrong-password'))).toEqual(Array(10).fill(401));

    const waits: number[] = [];
    for (let index = 10; index < 21; index += 1) {
      const refused = await client(index).login('an', PASSWORD);
      expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY } });
      waits.push(Number(refused.headers.get('retry-after')));
      now += waits.at(-1)! * 1000;
      expect((await client(index).login('an', 'wrong-password')).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);

    // The owner's browser signed in before: it is not held back, and its sign-in ends the wait for all.
    expect((await victim.login('an', PASSWORD)).status).toBe(200);
    expect((await client(30).login('an', PASSWORD)).status).toBe(200);
  });

  // Five times what the counters hold, so that a flood that made counters would have to push the
  // throttled one out (with the default of 100,000 counters, 5,000 requests never filled them).
  it('keeps a throttled counter through a flood of cheap logins with new usernames, 5 times what the counters hold', async () => {
    await api.close();
    api = await runApi(dataDir, { limiterNow: () => now, rateLimits: { trackedKeys: 100 } });
    await inSequence(10, () => attacker.login('an', 'wrong-password'));
    const flood = await inParallel(500, (index) => attacker.login(`flood${index}`, ''));
    expect(count(flood, 400)).toBe(500);
    expect(await inSequence(10, () => attacker.login('an', 'another-guess'))).toEqual(Array(10).fill(429));
  });

  it('keeps a throttled counter when the counters are full: new clients wait instead', async () => {
    await api.close();
    api = await runApi(dataDir, { limiterNow: () => now, rateLimits: { trackedKeys: 50 } });
    await inSequence(10, () => attacker.login('an', 'wrong-password'));
    const flood = await inParallel(200, (index) => from(`192.0.2.${index}`).login('an', 'wrong-password'), 20);
    expect(count(flood, 401) + count(flood, 429)).toBe(200);
    expect(count(flood, 429)).toBeGreaterThan(0);
    expect((await attacker.login('an', PASSWORD)).status).toBe(429);
  });

  it('creates no counter for an invalid body', async () => {
    await api.close();
    api = await runApi(dataDir, { limiterNow: () => now, rateLimits: { trackedKeys: 2 } });
    await inParallel(500, (index) => from(`192.0.2.${index % 250}`).login(`user${index}`, ''));
    await inParallel(500, (index) => from(`192.0.2.${index % 250}`).login('', 'x'));
    expect((await victim.login('an', 'typo')).status).toBe(401);
  });
});

describe('register limits', () => {
  it('allows 20 registrations per client an hour, duplicates included, then 429', async () => {
    const client = from('203.0.113.20');
    const answered = await inSequence(21, (index) => client.register(index === 1 ? 'user0' : `user${index}`));
    expect(answered[1]).toBe(409);
    expect(count(answered.slice(0, 20), 200)).toBe(19);
    expect(answered[20]).toBe(429);
    expect((await from('203.0.113.21').register('someone')).status).toBe(200);
  });

  it('does not count an invalid body', async () => {
    const client = from('203.0.113.22');
    for (let index = 0; index < 30; index += 1) {
      expect((await client.login('', '')).status).toBe(400);
      expect(
        (await api.request('POST', '/api/auth/register', { headers: { 'x-forwarded-for': '203.0.113.22' }, json: {} }))
          .status,
      ).toBe(400);
    }
    expect((await client.register('valid')).status).toBe(200);
  });
});

describe('client addresses', () => {
  it('reads X-Forwarded-For only from a trusted proxy, and only the entry that proxy appended', async () => {
    await api.close();
    api = await runApi(dataDir, {
      limiterNow: () => now,
      trustedProxies: ['127.0.0.2'],
      rateLimits: { loginFailuresPerAccount: { max: 2, windowMs: 60_000 } },
    });
    await from('203.0.113.1', '127.0.0.2').register('an');

    // Not a trusted proxy: whatever it claims, every request is the one client 127.0.0.1.
    expect((await from('203.0.113.1', '127.0.0.1').login('an', 'x')).status).toBe(401);
    expect((await from('203.0.113.2', '127.0.0.1').login('an', 'x')).status).toBe(401);
    expect((await from('203.0.113.3', '127.0.0.1').login('an', 'x')).status).toBe(429);

    // The trusted proxy: its last entry is the client; what a client wrote before it is ignored.
    expect((await from('203.0.113.1', '127.0.0.2').login('an', 'x')).status).toBe(401);
    expect((await from('203.0.113.1', '127.0.0.2').login('an', 'x')).status).toBe(401);
    expect((await from('203.0.113.1', '127.0.0.2').login('an', 'x')).status).toBe(429);
    expect((await from('10.9.9.9, 203.0.113.1', '127.0.0.2').login('an', 'x')).status).toBe(429);
    expect((await from('203.0.113.1, 203.0.113.4', '127.0.0.2').login('an', 'x')).status).toBe(401);
  });
});
