import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import fs, {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, get } from 'node:http';
import { connect as connectHttp2, constants as http2Constants } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { localCertificate } from './local-certificate.mjs';
import { SUMMARY_FILE, templateHash } from './prerender-pages.mjs';
import { writePrecompressed } from './static-server-precompress.mjs';
import {
  cacheControlFor,
  closeServer,
  createStaticHandler,
  createStaticServer,
  hstsApplies,
  listen,
  narrowAcceptEncoding,
} from './static-server.mjs';

const BIG = 'big.1a2b3c4d.bin';

/** Polls `check` until it holds (the only deadline these tests know), then returns its last value. */
async function eventually(check, deadlineMs = 5_000) {
  const deadline = Date.now() + deadlineMs;
  let last = await check();
  while (!last.ok && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await check();
  }
  return last;
}

const openFds = () => readdirSync('/proc/self/fd').length;

/** A served folder: a page with an inline script, a hashed script (and its compressed copies), a big file, secrets. */
async function makeRoot(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const outside = mkdtempSync(join(tmpdir(), `${prefix}outside-`));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title><script>theme()</script>');
  writeFileSync(join(root, 'main.1a2b3c4d.js'), 'console.log("x");'.repeat(200));
  await writePrecompressed(join(root, 'main.1a2b3c4d.js'));
  writeFileSync(join(root, 'main.1a2b3c4d.js.map'), '{"version":3}');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, '.git', 'config'), '[core]');
  writeFileSync(join(outside, 'secret.txt'), 'outside');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'linked.txt'));
  writeFileSync(join(root, BIG), randomBytes(4 * 1024 * 1024));
  return { root, remove: () => [root, outside].forEach((dir) => rmSync(dir, { recursive: true, force: true })) };
}

/** An HTTP/1.1 request with its raw body (no decoding). */
function rawGet(url, headers = {}, options = {}) {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https') ? httpsRequest : get)(url, { headers, agent: false, ...options }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

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

describe('the encodings a request is narrowed to', () => {
  it.each([
    ['br, gzip, deflate, zstd', ['br', 'gzip'], 'br, gzip'],
    ['gzip, deflate, br', ['gzip'], 'gzip'],
    ['br;q=0, gzip;q=0.5', ['br', 'gzip'], 'br;q=0, gzip;q=0.5'],
    ['*;q=0.5', ['gzip'], 'gzip;q=0.5'],
    ['BR', ['br'], 'BR'],
    ['br', ['gzip'], undefined],
    [undefined, ['br', 'gzip'], undefined],
  ])('%s with copies %j → %s', (accepted, encodings, expected) => {
    const headers = accepted === undefined ? {} : { 'accept-encoding': accepted };
    narrowAcceptEncoding(headers, encodings);
    expect(headers['accept-encoding']).toBe(expected);
  });
});

describe('HSTS', () => {
  it.each([
    ['localhost:3000', undefined, false],
    ['app.localhost', undefined, false],
    ['127.0.0.1:3000', undefined, false],
    ['127.8.9.10', undefined, false],
    ['[::1]:3000', undefined, false],
    ['devhub.example', undefined, true],
    ['devhub.example:443', 'devhub.example', true],
    ['other.example', 'devhub.example', false],
  ])('%s (public host %s) → %s', (host, publicHost, expected) => {
    expect(hstsApplies(host, publicHost)).toBe(expected);
  });
});

describe('static server over HTTP/1.1', () => {
  let served;
  let server;
  let base;

  beforeAll(async () => {
    served = await makeRoot('static-');
    server = createStaticServer({ root: served.root, spa: true, cors: true });
    base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await closeServer(server);
    served.remove();
  });

  it("sends the build's brotli or gzip copy, with CORS, its cache policy and Vary", async () => {
    const br = await rawGet(`${base}/main.1a2b3c4d.js`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.body).toString()).toContain('console.log');
    const gzip = await rawGet(`${base}/main.1a2b3c4d.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('console.log');
    const plain = await rawGet(`${base}/main.1a2b3c4d.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('console.log');
  });

  // A copy written in the same clock tick as an edit looks as new as the file: only an older
  // sibling tells, so one stale copy keeps both from being sent.
  it.each([
    [
      'the file changed after its compressed copies were made',
      'edited',
      (file) => utimesSync(file, new Date(), new Date(Date.now() + 5_000)),
    ],
    [
      'one copy is older than the file, the other from the same clock tick as the edit',
      'half-stale',
      (file) => {
        const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
        for (const path of [file, `${file}.gz`]) utimesSync(path, tick, tick);
        utimesSync(`${file}.br`, tick, new Date(tick.getTime() - 60_000));
      },
    ],
  ])('sends the file itself, neither copy, once %s', async (_, name, makeStale) => {
    const file = join(served.root, `${name}.1a2b3c4d.js`);
    writeFileSync(file, 'console.log("before");'.repeat(200));
    await writePrecompressed(file);
    writeFileSync(file, 'console.log("after");'.repeat(200));
    makeStale(file);
    const response = await rawGet(`${base}/${name}.1a2b3c4d.js`, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toContain('after');
  });

  it('asks the disk for no compressed copy that is not there', async () => {
    const file = join(served.root, 'gzip-only.1a2b3c4d.js');
    writeFileSync(file, 'console.log("gzip only");'.repeat(200));
    await writePrecompressed(file);
    rmSync(`${file}.br`);
    // @fastify/static looks for each encoding the client accepts, one stat after another.
    const stat = jest.spyOn(fs, 'stat');
    try {
      const response = await rawGet(`${base}/gzip-only.1a2b3c4d.js`, { 'accept-encoding': 'br, gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      const looked = stat.mock.calls.map(([path]) => String(path)).filter((path) => path.includes('gzip-only'));
      expect(looked).toEqual([`${file}.gz`]);
    } finally {
      stat.mockRestore();
    }
  });

  it('answers ranges and revalidations', async () => {
    const range = await rawGet(`${base}/${BIG}`, { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(10);
    const etag = (await rawGet(`${base}/main.1a2b3c4d.js`)).headers.etag;
    expect((await rawGet(`${base}/main.1a2b3c4d.js`, { 'if-none-match': etag })).status).toBe(304);
  });

  it('falls back to index.html for client routes but not for missing files', async () => {
    const route = await fetch(`${base}/blog?tag=React`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  });

  it('never serves outside its root, dotfiles, source maps or a link leading out', async () => {
    for (const path of ['/..%2F..%2Fetc%2Fpasswd', '/.env', '/.git/config', '/main.1a2b3c4d.js.map', '/linked.txt']) {
      const response = await fetch(`${base}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).not.toMatch(/SECRET|core|version|outside/);
    }
  });

  it('answers a malformed escape with 400, without any error text', async () => {
    const response = await rawGet(`${base}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.body.toString()).toBe('Bad Request');
  });

  it('sends the security headers on every response, and the page its own policy', async () => {
    for (const path of ['/', '/main.1a2b3c4d.js', '/missing.js']) {
      const { headers } = await rawGet(`${base}${path}`);
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
      });
      expect(headers['strict-transport-security']).toBeUndefined();
    }
    const page = await rawGet(`${base}/`);
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain(
      `'sha256-${(await import('node:crypto')).createHash('sha256').update('theme()').digest('base64')}'`,
    );
    expect(policy).toContain("frame-ancestors 'none'");
    expect((await rawGet(`${base}/main.1a2b3c4d.js`)).headers['content-security-policy']).toBeUndefined();
  });

  // The header costs a page a second renderer process once its response is in (bench/ab.md).
  it('sends no Origin-Agent-Cluster with a page', async () => {
    const page = await rawGet(`${base}/`);
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['origin-agent-cluster']).toBeUndefined();
  });

  it('survives 300 downloads cancelled midway: its open files go back to where they were', async () => {
    const baseline = openFds();
    for (let batch = 0; batch < 10; batch += 1) {
      await Promise.all(
        Array.from(
          { length: 30 },
          () =>
            new Promise((resolve) => {
              const req = get(`${base}/${BIG}`, { agent: false }, (res) => {
                res.once('data', () => req.destroy());
              });
              req.on('error', () => undefined);
              req.on('close', resolve);
            }),
        ),
      );
    }
    const settled = await eventually(() => {
      const now = openFds();
      return { ok: Math.abs(now - baseline) <= 20, now };
    });
    expect({ baseline, now: settled.now, ok: settled.ok }).toEqual({ baseline, now: settled.now, ok: true });
    expect((await fetch(`${base}/main.1a2b3c4d.js`)).status).toBe(200);
  });
});

describe('prerendered pages', () => {
  let root;
  let server;
  let base;
  const template = '<!doctype html><title>app</title>';

  const writePages = (dir, label) => {
    mkdirSync(join(dir, 'blog'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), `<title>home, ${label}</title>`);
    writeFileSync(join(dir, 'blog', 'index.html'), `<title>blog, ${label}</title><script>hydrate()</script>`);
    writeFileSync(join(dir, SUMMARY_FILE), JSON.stringify({ template: templateHash(template) }));
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-pages-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), template);
    writePages(join(root, 'pages'), 'rendered');
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
    expect(await blog.text()).toBe('<title>blog, rendered</title><script>hydrate()</script>');
    expect(blog.headers.get('cache-control')).toBe('no-cache');
    expect(blog.headers.get('content-security-policy')).toContain("'sha256-");
    expect(await (await fetch(`${base}/`)).text()).toBe('<title>home, rendered</title>');
    expect(await (await fetch(`${base}/blog?tag=React`)).text()).toBe(template);
    expect(await (await fetch(`${base}/docs`)).text()).toBe(template);
  });

  it('keeps answering while the pages are swapped under 16 readers, 32 times', async () => {
    let swapping = true;
    const statuses = new Map();
    const readers = Array.from({ length: 16 }, async () => {
      while (swapping) {
        const response = await fetch(`${base}/blog`).catch(() => undefined);
        const status = response ? response.status : 'no answer';
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await response?.arrayBuffer().catch(() => undefined);
      }
    });
    for (let swap = 0; swap < 32; swap += 1) {
      // As the prerender swaps its folder in: the new one written aside, the old moved away, then removed.
      const staging = join(root, `pages.${swap}.tmp`);
      writePages(staging, `rendered ${swap}`);
      renameSync(join(root, 'pages'), join(root, `pages.${swap}.old`));
      renameSync(staging, join(root, 'pages'));
      rmSync(join(root, `pages.${swap}.old`), { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    swapping = false;
    await Promise.all(readers);
    expect([...statuses.keys()]).toEqual([200]);
    expect(await (await fetch(`${base}/blog`)).text()).toBe(
      '<title>blog, rendered 31</title><script>hydrate()</script>',
    );
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
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: JSON.parse(body) }));
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
  let served;
  let certDir;
  let certificate;
  let upstream;
  let server;
  let port;
  let session;

  /** One HTTP/2 request on a session: status, headers and body. */
  const h2get = (path, headers = {}, on = session) =>
    new Promise((resolve, reject) => {
      const stream = on.request({ ':path': path, 'accept-encoding': 'gzip', ...headers });
      const chunks = [];
      let head;
      stream.on('response', (received) => (head = received));
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => resolve({ status: head[':status'], headers: head, body: Buffer.concat(chunks) }));
      stream.on('error', reject);
      stream.end();
    });

  beforeAll(async () => {
    served = await makeRoot('static-h2-');
    certDir = mkdtempSync(join(tmpdir(), 'certs-'));
    upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      res.end(JSON.stringify({ headers: req.headers }));
    });
    const upstreamPort = await listen(upstream, 0, '127.0.0.1');
    certificate = await localCertificate(certDir);
    const { key, cert } = certificate;
    server = createStaticServer({
      root: served.root,
      spa: true,
      tls: { key, cert },
      apiTarget: `http://127.0.0.1:${upstreamPort}`,
    });
    port = await listen(server, 0, '127.0.0.1');
    session = connectHttp2(`https://127.0.0.1:${port}`, { ca: cert });
  });
  afterAll(async () => {
    session.close();
    await closeServer(server);
    await closeServer(upstream);
    served.remove();
    rmSync(certDir, { recursive: true, force: true });
  });

  it('advertises at most 128 concurrent streams and a 16 KiB header list', async () => {
    const settings = await new Promise((resolve) => {
      const fresh = connectHttp2(`https://127.0.0.1:${port}`, { ca: certificate.cert });
      fresh.once('remoteSettings', (received) => {
        fresh.close();
        resolve(received);
      });
    });
    expect(settings.maxConcurrentStreams).toBeLessThanOrEqual(128);
    expect(settings.maxHeaderListSize).toBeLessThanOrEqual(16 * 1024);
  });

  it('serves compressed copies with their cache policy on a certificate made for localhost', async () => {
    const { status, headers, body } = await h2get('/main.1a2b3c4d.js');
    expect(status).toBe(200);
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toContain('immutable');
    expect(gunzipSync(body).toString()).toContain('console.log');
  });

  it('falls back to index.html for client routes and answers 404 for missing files', async () => {
    expect((await h2get('/blog', { 'accept-encoding': 'identity' })).body.toString()).toContain('<title>app</title>');
    expect((await h2get('/missing.js')).status).toBe(404);
  });

  it('sends HSTS for a real host name only, never for localhost or an address', async () => {
    expect((await h2get('/')).headers['strict-transport-security']).toBeUndefined();
    expect(
      (await h2get('/', { ':authority': `localhost:${port}` })).headers['strict-transport-security'],
    ).toBeUndefined();
    const named = await h2get('/', { ':authority': 'devhub.example' });
    expect(named.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(named.headers['x-content-type-options']).toBe('nosniff');
  });

  it('survives 300 streams cancelled midway over HTTP/2 and 300 downloads over HTTP/1.1 on TLS', async () => {
    const baseline = openFds();
    const cancelling = connectHttp2(`https://127.0.0.1:${port}`, { ca: certificate.cert });
    for (let batch = 0; batch < 6; batch += 1) {
      await Promise.all(
        Array.from(
          { length: 50 },
          () =>
            new Promise((resolve) => {
              const stream = cancelling.request({ ':path': `/${BIG}` });
              stream.once('data', () => stream.close(http2Constants.NGHTTP2_CANCEL));
              stream.on('error', () => undefined);
              stream.on('close', resolve);
              stream.end();
            }),
        ),
      );
    }
    cancelling.close();
    for (let batch = 0; batch < 10; batch += 1) {
      await Promise.all(
        Array.from(
          { length: 30 },
          () =>
            new Promise((resolve) => {
              const req = httpsRequest(
                `https://127.0.0.1:${port}/${BIG}`,
                { ca: certificate.cert, agent: false },
                (res) => res.once('data', () => req.destroy()),
              );
              req.on('error', () => undefined);
              req.on('close', resolve);
              req.end();
            }),
        ),
      );
    }
    const settled = await eventually(() => {
      const now = openFds();
      return { ok: Math.abs(now - baseline) <= 20, now };
    });
    expect({ baseline, now: settled.now, ok: settled.ok }).toEqual({ baseline, now: settled.now, ok: true });
    expect((await h2get('/main.1a2b3c4d.js')).status).toBe(200);
  });

  it('proxies the API without HTTP/2 pseudo-headers, and answers without hop-by-hop ones', async () => {
    const { status, headers, body } = await h2get('/api/health', { 'accept-encoding': 'identity' });
    expect(status).toBe(200);
    expect(headers.connection).toBeUndefined();
    const forwarded = JSON.parse(body.toString()).headers;
    expect(Object.keys(forwarded).filter((name) => name.startsWith(':'))).toEqual([]);
    expect(forwarded).toMatchObject({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '127.0.0.1' });
  });
});

describe('a connection that never asks anything', () => {
  let certDir;
  let server;
  let port;
  let cert;
  let key;
  let plain;
  let plainPort;

  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'certs-'));
    const certificate = await localCertificate(certDir);
    ({ cert, key } = certificate);
    server = createStaticServer({
      root: certDir,
      tls: { key, cert },
      limits: { idleMs: 60_000, headersMs: 300 },
    });
    port = await listen(server, 0, '127.0.0.1');
    plain = createStaticServer({ root: certDir, limits: { idleMs: 60_000, headersMs: 300 } });
    plainPort = await listen(plain, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await closeServer(server);
    await closeServer(plain);
    rmSync(certDir, { recursive: true, force: true });
  });

  it('is closed by the server once the headers are overdue (plain HTTP/1.1)', async () => {
    const socket = connectTcp({ host: '127.0.0.1', port: plainPort });
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const settled = await eventually(() => ({ ok: closed }));
    socket.destroy();
    expect(settled.ok).toBe(true);
  });

  it('closes an HTTP/2 session that has asked and then gone quiet, once it has been idle for its limit', async () => {
    const idle = createStaticServer({
      root: certDir,
      tls: { key, cert },
      limits: { idleMs: 300, headersMs: 30_000 },
    });
    const idlePort = await listen(idle, 0, '127.0.0.1');
    const session = connectHttp2(`https://127.0.0.1:${idlePort}`, { ca: cert });
    try {
      let closed = false;
      session.on('close', () => (closed = true));
      session.on('error', () => undefined);
      const status = await new Promise((resolve, reject) => {
        const stream = session.request({ ':path': '/missing' });
        stream.on('response', (head) => resolve(head[':status']));
        stream.on('error', reject);
        stream.resume();
        stream.end();
      });
      const settled = await eventually(() => ({ ok: closed }));
      expect([status, settled.ok]).toEqual([404, true]);
    } finally {
      session.destroy();
      await closeServer(idle);
    }
  });

  it.each([['h2'], ['http/1.1']])('is closed by the server once the headers are overdue (%s)', async (protocol) => {
    const socket = connectTls({
      host: '127.0.0.1',
      port,
      ca: cert,
      servername: 'localhost',
      ALPNProtocols: [protocol],
    });
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    await new Promise((resolve) => socket.once('secureConnect', resolve));
    if (protocol === 'h2') socket.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00');
    const settled = await eventually(() => ({ ok: closed }));
    socket.destroy();
    expect(settled.ok).toBe(true);
  });
});

describe('the handler inside a dev server', () => {
  it('serves a file it has and passes any other request on, a POST with its body unread', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'static-handler-'));
    writeFileSync(join(dir, 'remotes.json'), '{"remotes":{}}');
    const handler = createStaticHandler({ fallthrough: true, files: { '/remotes.json': join(dir, 'remotes.json') } });
    const server = createServer((req, res) =>
      handler(req, res, () => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => res.end(`next got ${req.method} ${body}`));
      }),
    );
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${server.address().port}`;
    try {
      expect(await (await fetch(`${base}/remotes.json`)).text()).toBe('{"remotes":{}}');
      const posted = await fetch(`${base}/api/auth/login`, { method: 'POST', body: '{"username":"a"}' });
      expect(await posted.text()).toBe('next got POST {"username":"a"}');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
