import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawGet } from '../test/static-server-test-support.mjs';
import { closeServer, createStaticServer, listen } from './static-server.mjs';

/** Parsed JSON, or a server's own answer as it is (not JSON), so a failing test says what came. */
const parsed = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
};

/** A request from the client address `localAddress` (any 127.x address works on Linux loopback) to port `to`, its path sent as written. */
function sendRequest(path, { localAddress, headers = {}, method = 'GET', body: sent, to }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: to, path, method, localAddress, headers, agent: false },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: parsed(body) }));
      },
    );
    req.on('error', reject);
    req.end(sent);
  });
}

describe('api proxy', () => {
  let root;
  let upstream;
  let server;
  let port;

  const request = (path, options) => sendRequest(path, { to: port, ...options });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-'));
    // Answers with the request it received, as the auth API would read it; /api/hang never answers.
    upstream = createServer((req, res) => {
      if (req.url === '/api/hang') return;
      let received = '';
      req.on('data', (chunk) => (received += chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ url: req.url, method: req.method, headers: req.headers, received }));
      });
    });
    const upstreamPort = await listen(upstream, 0, '127.0.0.1');
    // A remote's server (CORS for its files) with a deadline short enough for a test.
    server = createStaticServer({
      root,
      cors: true,
      apiTarget: `http://127.0.0.1:${upstreamPort}`,
      limits: { apiMs: 300 },
    });
    port = await listen(server, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await closeServer(server);
    await closeServer(upstream);
    rmSync(root, { recursive: true, force: true });
  });

  it("forwards the client's own address, protocol and host, and answers with the security headers", async () => {
    const { status, headers, body } = await request('/api/auth/me', { localAddress: '127.0.0.2' });
    expect(status).toBe(200);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(body.url).toBe('/api/auth/me');
    expect(body.headers).toMatchObject({
      'x-forwarded-for': '127.0.0.2',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': `127.0.0.1:${port}`,
    });
  });

  it("passes a sign-in's body on as it was sent", async () => {
    const sent = JSON.stringify({ email: 'an@example.com', password: 'mật khẩu' });
    const { status, body } = await request('/api/auth/login?x=1', {
      localAddress: '127.0.0.8',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(sent) },
      body: sent,
    });
    expect([status, body.method, body.url, body.received]).toEqual([200, 'POST', '/api/auth/login?x=1', sent]);
  });

  it('answers 502 in Vietnamese while nothing listens at the API', async () => {
    const closed = createServer();
    const closedPort = await listen(closed, 0, '127.0.0.1');
    await closeServer(closed);
    const orphan = createStaticServer({ root, apiTarget: `http://127.0.0.1:${closedPort}` });
    const orphanPort = await listen(orphan, 0, '127.0.0.1');
    try {
      const { status, body } = await request('/api/health', { localAddress: '127.0.0.9', to: orphanPort });
      expect([status, body.message]).toEqual([502, 'Không kết nối được máy chủ xác thực (auth-api)']);
    } finally {
      await closeServer(orphan);
    }
  });

  it("answers 504 once the API's deadline passes without an answer", async () => {
    const { status, body } = await request('/api/hang', { localAddress: '127.0.0.6' });
    expect([status, body.message]).toEqual([504, 'Máy chủ xác thực (auth-api) không trả lời kịp, vui lòng thử lại']);
  });

  it("shares the API's answers with no other origin, while its files stay open to all", async () => {
    const api = await request('/api/health', {
      localAddress: '127.0.0.7',
      headers: { origin: 'https://evil.example' },
    });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    const file = await rawGet(`http://127.0.0.1:${port}/missing.js`, { origin: 'https://evil.example' });
    expect(file.headers['access-control-allow-origin']).toBe('*');
  });

  it('tells two clients apart', async () => {
    const first = await request('/api/health', { localAddress: '127.0.0.3' });
    const second = await request('/api/health', { localAddress: '127.0.0.4' });
    expect(first.body.headers['x-forwarded-for']).toBe('127.0.0.3');
    expect(second.body.headers['x-forwarded-for']).toBe('127.0.0.4');
  });

  it('appends the socket address after whatever the client claimed, which can then never be last', async () => {
    const { body } = await request('/api/health', {
      localAddress: '127.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(body.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.5');
    expect(body.headers['x-forwarded-proto']).toBe('http');
    expect(body.headers['x-forwarded-host']).toBe(`127.0.0.1:${port}`);
  });
});

describe('telemetry proxy', () => {
  let root;
  /** Two upstreams that answer with which one they are and what they received. */
  const upstreams = [];
  let server;
  let port;
  let closedPort;

  /** Every request an upstream received, by which and its path. */
  const arrived = [];
  const upstream = (name) =>
    createServer((req, res) => {
      arrived.push(`${name} ${req.url}`);
      let received = '';
      req.on('data', (chunk) => (received += chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name, url: req.url, method: req.method, headers: req.headers, received }));
      });
    });

  const request = (path, options) => sendRequest(path, { to: port, ...options });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-'));
    const ports = [];
    for (const name of ['auth-api', 'telemetry']) {
      const made = upstream(name);
      upstreams.push(made);
      ports.push(await listen(made, 0, '127.0.0.1'));
    }
    const closed = createServer();
    closedPort = await listen(closed, 0, '127.0.0.1');
    await closeServer(closed);
    server = createStaticServer({
      root,
      apiTarget: `http://127.0.0.1:${ports[0]}`,
      telemetryTarget: `http://127.0.0.1:${ports[1]}`,
    });
    port = await listen(server, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await closeServer(server);
    for (const made of upstreams) await closeServer(made);
    rmSync(root, { recursive: true, force: true });
  });

  it("sends a beacon to the collector as sendBeacon sent it, with the client's own address", async () => {
    const beacon = JSON.stringify({ schema: 1, environment: 'preview', views: [] });
    const { status, body } = await request('/api/telemetry', {
      localAddress: '127.0.0.2',
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': '203.0.113.7' },
      body: beacon,
    });
    expect([status, body.name, body.method, body.url, body.received]).toEqual([
      200,
      'telemetry',
      'POST',
      '/api/telemetry',
      beacon,
    ]);
    expect(body.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.2');
    expect(body.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('leaves the rest of /api to the auth API, a path that only begins like /api/telemetry too', async () => {
    for (const path of ['/api/auth/me', '/api/health', '/api/telemetryx', '/api']) {
      const { status, body } = await request(path, { localAddress: '127.0.0.3' });
      expect([path, status, body.name]).toEqual([path, 200, 'auth-api']);
    }
  });

  it('sends what is under /api/telemetry to the collector, and a dot segment nowhere', async () => {
    // The collector answers these 404 (its tests): its metrics are on a port no public server proxies.
    for (const path of ['/api/telemetry/', '/api/telemetry/x', '/api/telemetry?x=1']) {
      const { body } = await request(path, { localAddress: '127.0.0.4' });
      expect([body.name, body.url]).toEqual(['telemetry', path]);
    }
    const seen = arrived.length;
    for (const path of ['/api/telemetry/../metrics', '/api/telemetry/%2e%2e/metrics', '/api/../metrics']) {
      const { status } = await request(path, { localAddress: '127.0.0.4' });
      expect([path, status]).toEqual([path, 400]);
    }
    expect(arrived.slice(seen)).toEqual([]);
  });

  it('answers 502 naming the collector while nothing listens there', async () => {
    const orphan = createStaticServer({ root, telemetryTarget: `http://127.0.0.1:${closedPort}` });
    const orphanPort = await listen(orphan, 0, '127.0.0.1');
    try {
      const { status, body } = await request('/api/telemetry', {
        localAddress: '127.0.0.5',
        method: 'POST',
        body: '{}',
        to: orphanPort,
      });
      expect([status, body.message]).toEqual([502, 'Không kết nối được máy chủ thu thập số liệu (telemetry)']);
    } finally {
      await closeServer(orphan);
    }
  });
});
