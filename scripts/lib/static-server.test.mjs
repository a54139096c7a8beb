import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { localCertificate } from './local-certificate.mjs';
import { SUMMARY_FILE, templateHash } from './prerender-pages.mjs';
import { cacheControlFor, closeServer, createStaticServer, listen } from './static-server.mjs';

describe('cache headers', () => {
  it.each([
    ['/main.1a2b3c4d.js', 'public, max-age=31536000, immutable'],
    ['/assets/logo.1a2b3c4d.svg', 'public, max-age=31536000, immutable'],
    ['/deploy/remote-catalog/1.2.0/remoteEntry.js', 'public, max-age=31536000, immutable'],
    ['/deploy/remote-catalog/1.2.0/thumbnails/a.svg', 'public, max-age=31536000, immutable'],
    ['/deploy/remote-catalog/1.2.0/mf-manifest.json', 'no-cache'],
    ['/remotes.json', 'no-cache'],
    ['/remotes.staging.json', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/remoteEntry.js', 'no-cache'],
    ['/index.html', 'no-cache'],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('static server', () => {
  let root;
  let server;
  let base;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'main.1a2b3c4d.js'), 'console.log("x")'.repeat(50));
    server = createStaticServer({ root, spa: true, cors: true });
    base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await closeServer(server);
    rmSync(root, { recursive: true, force: true });
  });

  it('serves files gzip-compressed with CORS and their cache policy', async () => {
    const response = await fetch(`${base}/main.1a2b3c4d.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toContain('console.log');
    const raw = await new Promise((resolve) => {
      import('node:http').then(({ get }) =>
        get(`${base}/main.1a2b3c4d.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }),
      );
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('console.log');
  });

  it('falls back to index.html for client routes but not for missing files', async () => {
    const route = await fetch(`${base}/blog?tag=React`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('never serves outside its root', async () => {
    expect((await fetch(`${base}/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

describe('prerendered pages', () => {
  let root;
  let server;
  let base;
  const template = '<!doctype html><title>app</title>';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-pages-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), template);
    mkdirSync(join(root, 'pages', 'blog'), { recursive: true });
    writeFileSync(join(root, 'pages', 'index.html'), '<title>home, rendered</title>');
    writeFileSync(join(root, 'pages', 'blog', 'index.html'), '<title>blog, rendered</title>');
    writeFileSync(join(root, 'pages', SUMMARY_FILE), JSON.stringify({ template: templateHash(template) }));
    server = createStaticServer({
      root: join(root, 'dist'),
      spa: true,
      pages: { dir: join(root, 'pages'), template: join(root, 'dist', 'index.html') },
    });
    base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await closeServer(server);
    rmSync(root, { recursive: true, force: true });
  });

  it("serves a route's rendered page, revalidated, and the shell's page for a query string or another route", async () => {
    const blog = await fetch(`${base}/blog`);
    expect(await blog.text()).toBe('<title>blog, rendered</title>');
    expect(blog.headers.get('cache-control')).toBe('no-cache');
    expect(await (await fetch(`${base}/`)).text()).toBe('<title>home, rendered</title>');
    expect(await (await fetch(`${base}/blog?tag=React`)).text()).toBe(template);
    expect(await (await fetch(`${base}/docs`)).text()).toBe(template);
  });

  it('stops serving them once the shell build changes, until they are rendered again', async () => {
    writeFileSync(join(root, 'dist', 'index.html'), `${template}<!-- rebuilt -->`);
    expect(await (await fetch(`${base}/blog`)).text()).toBe(`${template}<!-- rebuilt -->`);
  });
});

describe('api proxy', () => {
  let root;
  let upstream;
  let server;
  let port;

  /** A request from the client address `localAddress` (any 127.x address works on Linux loopback). */
  function request(path, { localAddress, headers = {} }) {
    return new Promise((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path, localAddress, headers, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
      });
      req.on('error', reject);
    });
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-'));
    // Answers with the headers it received, as the auth API would read them.
    upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url, headers: req.headers, peer: req.socket.remoteAddress }));
    });
    const upstreamPort = await listen(upstream, 0, '127.0.0.1');
    server = createStaticServer({ root, apiTarget: `http://127.0.0.1:${upstreamPort}` });
    port = await listen(server, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await closeServer(server);
    upstream.close();
    upstream.closeAllConnections();
    rmSync(root, { recursive: true, force: true });
  });

  it("forwards the client's own address, protocol and host", async () => {
    const { status, body } = await request('/api/auth/me', { localAddress: '127.0.0.2' });
    expect(status).toBe(200);
    expect(body.url).toBe('/api/auth/me');
    expect(body.headers).toMatchObject({
      'x-forwarded-for': '127.0.0.2',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': `127.0.0.1:${port}`,
    });
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

describe('over HTTP/2', () => {
  let root;
  let certDir;
  let upstream;
  let server;
  let session;

  /** One HTTP/2 request on the test's session: status, headers and body. */
  const get = (path, headers = {}) =>
    new Promise((resolve, reject) => {
      const stream = session.request({ ':path': path, 'accept-encoding': 'gzip', ...headers });
      const chunks = [];
      let head;
      stream.on('response', (received) => (head = received));
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => resolve({ status: head[':status'], headers: head, body: Buffer.concat(chunks) }));
      stream.on('error', reject);
      stream.end();
    });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-h2-'));
    certDir = mkdtempSync(join(tmpdir(), 'certs-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(root, 'main.1a2b3c4d.js'), 'console.log("x")'.repeat(50));
    upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      res.end(JSON.stringify({ headers: req.headers }));
    });
    const upstreamPort = await listen(upstream, 0, '127.0.0.1');
    const { key, cert } = await localCertificate(certDir);
    server = createStaticServer({ root, spa: true, tls: { key, cert }, apiTarget: `http://127.0.0.1:${upstreamPort}` });
    const port = await listen(server, 0, '127.0.0.1');
    const { connect } = await import('node:http2');
    session = connect(`https://127.0.0.1:${port}`, { ca: cert });
  });
  afterAll(async () => {
    session.close();
    await closeServer(server);
    upstream.close();
    upstream.closeAllConnections();
    rmSync(root, { recursive: true, force: true });
    rmSync(certDir, { recursive: true, force: true });
  });

  it('serves gzip-compressed files with their cache policy on a certificate made for localhost', async () => {
    const { status, headers, body } = await get('/main.1a2b3c4d.js');
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toContain('immutable');
    expect(gunzipSync(body).toString()).toContain('console.log');
  });

  it('falls back to index.html for client routes and answers 404 for missing files', async () => {
    expect(gunzipSync((await get('/blog')).body).toString()).toContain('<title>app</title>');
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('proxies the API without HTTP/2 pseudo-headers, and answers without hop-by-hop ones', async () => {
    const { status, headers, body } = await get('/api/health');
    expect(status).toBe(200);
    expect(headers.connection).toBeUndefined();
    const forwarded = JSON.parse(body.toString()).headers;
    expect(Object.keys(forwarded).filter((name) => name.startsWith(':'))).toEqual([]);
    expect(forwarded).toMatchObject({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '127.0.0.1' });
  });
});
