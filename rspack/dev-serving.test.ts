import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevServerMiddleware, DevServerMiddlewareHandler, DevServerMiddlewareObject } from '@rspack/core';
import { WORKSPACE_ROOT } from './app.ts';
import { aheadOfBundle, apiProxies, apiProxy, registryFileHandler, shellServing } from './dev-serving.ts';

let dir: string;
let server: Server | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dev-serving-'));
});

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** `handler` on a real server, what it passes on answered 418, and a way to request it. */
async function serve(handler: DevServerMiddlewareHandler) {
  server = createServer((req, res) =>
    handler(req, res, (error?: unknown) => {
      res.statusCode = error ? 500 : 418;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init);
}

const names = (middlewares: DevServerMiddleware[] | undefined) =>
  middlewares?.map((middleware) => (typeof middleware === 'function' ? 'a function' : middleware.name));

describe("the shell's dev server and the registry npm start hands it", () => {
  it('answers /remotes.json with the registry file, read again on each request', async () => {
    const file = join(dir, 'remotes.preview.json');
    writeFileSync(file, '{"remotes":{}}\n');
    const request = await serve(registryFileHandler(file));

    const first = await request('/remotes.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await first.text()).toBe('{"remotes":{}}\n');

    writeFileSync(file, '{"remotes":{"catalog":{}}}\n');
    expect(await (await request('/remotes.json?fresh=1')).text()).toBe('{"remotes":{"catalog":{}}}\n');
    const head = await request('/remotes.json', { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '27']);
  });

  it('passes on any other path or method', async () => {
    const file = join(dir, 'remotes.json');
    writeFileSync(file, '{}');
    const request = await serve(registryFileHandler(file));
    for (const path of ['/', '/remotes.json/x', '/remotes.jsonx', '/remotes.preview.json']) {
      expect((await request(path)).status).toBe(418);
    }
    expect((await request('/remotes.json', { method: 'POST', body: '{}' })).status).toBe(418);
  });

  it('says which file is missing, in one line', async () => {
    const file = join(dir, 'gone.json');
    const response = await (await serve(registryFileHandler(file)))('/remotes.json');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(`${file} (DEVHUB_REGISTRY_FILE) does not exist\n`);
  });

  it('started alone, without a registry from npm start, says so in one line', async () => {
    const alone = await (await serve(registryFileHandler(undefined)))('/remotes.json');
    expect([alone.status, await alone.text()]).toEqual([
      404,
      'no registry: start the shell with npm start, which derives the local one from the workspace\n',
    ]);
  });

  it("answers behind the server's host check and headers, ahead of the bundle it serves from memory", () => {
    const named = (name: string): DevServerMiddlewareObject => ({ name, middleware: () => undefined });
    const stock = ['host-header-check', 'set-headers', '@rspack/dev-middleware', 'serve-static'].map(named);
    expect(names(shellServing(join(dir, 'remotes.preview.json')).setupMiddlewares?.(stock, undefined))).toEqual([
      'host-header-check',
      'set-headers',
      'devhub-registry',
      '@rspack/dev-middleware',
      'serve-static',
    ]);
    expect(names(aheadOfBundle([named('other')], named('devhub-registry')))).toEqual(['devhub-registry', 'other']);
  });

  it('serves the local deploy folder under /deploy/, with the registry file or without', () => {
    const deploy = [{ directory: join(WORKSPACE_ROOT, '.deploy'), publicPath: '/deploy/', watch: false }];
    expect(shellServing(join(dir, 'remotes.preview.json')).static).toEqual(deploy);
    expect(shellServing(undefined).static).toEqual(deploy);
  });
});

type ProxyRequestHook = (
  proxyRequest: { setHeader: (name: string, value: string) => void },
  request: IncomingMessage,
) => void;

/** The X-Forwarded-For a proxy's hook sends for a client at 127.0.0.2 that wrote its own. */
function forwardedBy(hook: unknown) {
  const sent = new Map<string, string>();
  const request = { headers: { 'x-forwarded-for': '203.0.113.9' }, socket: { remoteAddress: '127.0.0.2' } };
  (hook as ProxyRequestHook)(
    { setHeader: (name, value) => sent.set(name, value) },
    request as unknown as IncomingMessage,
  );
  return Object.fromEntries(sent);
}

describe("every dev server's /api proxy", () => {
  it("sends the socket's address as X-Forwarded-For, never what the client wrote there", () => {
    expect(forwardedBy(apiProxy('http://localhost:4000').on?.proxyReq)).toEqual({ 'x-forwarded-for': '127.0.0.2' });
  });

  it('sends /api/telemetry to the collector, tried before the rest of /api goes to the auth API', () => {
    const proxies = apiProxies({ api: 'http://localhost:4000', telemetry: 'http://localhost:4100' });
    expect(proxies.map(({ context, target }) => ({ context, target }))).toEqual([
      { context: ['/api/telemetry'], target: 'http://localhost:4100' },
      { context: ['/api'], target: 'http://localhost:4000' },
    ]);
    // The collector limits beacons per client as the API limits sign-ins: by the same entry.
    for (const proxy of proxies) expect(forwardedBy(proxy.on?.proxyReq)).toEqual({ 'x-forwarded-for': '127.0.0.2' });
  });
});
