import { runApiToExit, startApiProcess, type ApiProcess } from './test-process.ts';
import { makeDataDir, removeDataDir } from './test-server.ts';

// Every request comes from this one test client, and these tests are about the process, not the limits.
const CHEAP = {
  AUTH_API_SCRYPT_COST: '10',
  AUTH_API_REGISTRATIONS_PER_CLIENT: '1000',
  AUTH_API_LOGIN_FAILURES_PER_CLIENT: '1000',
};

let dataDir: string;
const running: ApiProcess[] = [];

beforeEach(() => {
  dataDir = makeDataDir();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.kill()));
  removeDataDir(dataDir);
});

async function start(env: Record<string, string> = CHEAP): Promise<ApiProcess> {
  const api = await startApiProcess(dataDir, env);
  running.push(api);
  return api;
}

function post(api: ApiProcess, path: string, json: unknown): Promise<Response> {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
}

function account(name: string) {
  return {
    displayName: name,
    username: name,
    email: `${name}@example.vn`,
    password: `mat-khau-${name}`,
    confirmPassword: `mat-khau-${name}`,
  };
}

describe('the API as a process', () => {
  it('refuses to start a second API on the same data folder, and says why', async () => {
    const first = await start();
    const second = await runApiToExit(dataDir, CHEAP);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `auth-api failed to start: another auth-api is already running on the data folder ${dataDir}`,
    );
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });

  it('loses no acknowledged registration to kill -9, round after round', async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const api = await start();
      const names = Array.from({ length: 40 }, (_, index) => `r${round}u${index}`);
      let answered = 0;
      let killing: Promise<void> | undefined;
      await Promise.all(
        names.map(async (name) => {
          try {
            const response = await post(api, '/api/auth/register', account(name));
            if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
            acknowledged.push(name);
            answered += 1;
            // Mid-burst: some registrations are answered, others still hashing or writing.
            if (answered === 10) killing = api.kill();
          } catch (error) {
            // The connection died with the process: not acknowledged, so nothing is owed.
            if ((error as Error).message !== 'fetch failed') throw error;
          }
        }),
      );
      await killing;
    }

    expect(acknowledged.length).toBeGreaterThanOrEqual(50);
    const api = await start();
    const logins = await Promise.all(
      acknowledged.map(async (name) => [name, (await post(api, '/api/auth/login', account(name))).status]),
    );
    expect(logins.filter(([, status]) => status !== 200)).toEqual([]);
  });
});
