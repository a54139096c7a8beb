import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect as connectHttp2, constants as http2Constants } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { gunzipSync } from 'node:zlib';
import { localCertificate } from './local-certificate.mjs';
import { BIG, eventually, makeRoot, openFds } from '../test/static-server-test-support.mjs';
import { closeServer, createStaticServer, listen } from './static-server.mjs';

describe('over HTTP/2', () => {
  let served;
  let certDir;
  let certificate;
  let upstream;
  let server;
  let port;
  let session;

  /**
   * The test session, connected again once the server closed it: it closes sessions idle for a
   * minute, and beside another `npm test` a test can take that long between two requests.
   */
  const liveSession = () => {
    if (!session || session.closed || session.destroyed) {
      session = connectHttp2(`https://127.0.0.1:${port}`, { ca: certificate.cert });
    }
    return session;
  };

  /** One HTTP/2 request on a session: status, headers and body. */
  const h2get = (path, headers = {}, on = liveSession()) =>
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
  });
  afterAll(async () => {
    session?.close();
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
