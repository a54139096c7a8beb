import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpRequest, makeDataDir, removeDataDir, runApi, type RunningApi } from './test-server.ts';

/** The preview server and the browser tests' server (scripts/lib/static-server.mjs), untyped JavaScript. */
interface StaticServerModule {
  createStaticServer(options: { root: string; apiTarget: string }): Server;
  listen(server: Server, port: number, host: string): Promise<number>;
}

const STATIC_SERVER = '../../scripts/lib/static-server.mjs';
const PASSWORD = 'mat-khau-an-toan';

let dataDir: string;
let root: string;
let api: RunningApi;
let proxy: Server;
let proxyUrl: string;

beforeEach(async () => {
  dataDir = makeDataDir();
  root = mkdtempSync(join(tmpdir(), 'auth-api-proxy-'));
  api = await runApi(dataDir);
  const { createStaticServer, listen } = (await import(STATIC_SERVER)) as StaticServerModule;
  proxy = createStaticServer({ root, apiTarget: api.url });
  proxyUrl = `http://127.0.0.1:${await listen(proxy, 0, '127.0.0.1')}`;
});

afterEach(async () => {
  proxy.close();
  proxy.closeAllConnections();
  await api.close();
  removeDataDir(dataDir);
  rmSync(root, { recursive: true, force: true });
});

/** A browser at `address` using the site through the preview proxy, as every browser does. */
function browser(address: string, headers: Record<string, string> = {}) {
  return {
    register: (username: string) =>
      httpRequest(`${proxyUrl}/api/auth/register`, 'POST', {
        localAddress: address,
        headers,
        json: {
          displayName: username,
          username,
          email: `${username}@example.vn`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
    login: (username: string, password: string) =>
      httpRequest(`${proxyUrl}/api/auth/login`, 'POST', {
        localAddress: address,
        headers,
        json: { username, password },
      }),
  };
}

describe('behind the preview proxy', () => {
  it('limits each browser on its own: one locked out of a username locks out no browser that signed in to it', async () => {
    const owner = browser('127.0.0.2');
    const attacker = browser('127.0.0.3');
    expect((await owner.register('an')).status).toBe(200);
    expect((await owner.login('an', PASSWORD)).status).toBe(200);

    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await attacker.login('an', 'wrong-password')).status).toBe(401);
    }
    expect((await attacker.login('an', PASSWORD)).status).toBe(429);

    expect((await owner.login('an', PASSWORD)).status).toBe(200);
    expect((await owner.login('an', 'typo')).status).toBe(401);
  });

  it('lets no browser pass for another by sending its own X-Forwarded-For', async () => {
    const owner = browser('127.0.0.2');
    expect((await owner.register('an')).status).toBe(200);
    expect((await owner.login('an', PASSWORD)).status).toBe(200);
    const attacker = browser('127.0.0.3');
    for (let attempt = 0; attempt < 10; attempt += 1) await attacker.login('an', 'wrong-password');
    // Taken for the owner, it would skip the account's back-off and have failures to spare.
    const disguised = browser('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' });
    expect((await disguised.login('an', 'wrong-password')).status).toBe(429);
  });
});
