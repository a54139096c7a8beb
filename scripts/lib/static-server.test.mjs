import { jest } from '@jest/globals';
import fs, { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { writePrecompressed } from '../../rspack/precompress.mjs';
import { BIG, eventually, makeRoot, openFds, rawGet, sha256 } from '../test/static-server-test-support.mjs';
import { closeServer, createStaticServer, listen } from './static-server.mjs';

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
    expect(policy).toContain(sha256('theme()'));
    expect(policy).toContain("frame-ancestors 'none'");
    expect((await rawGet(`${base}/main.1a2b3c4d.js`)).headers['content-security-policy']).toBeUndefined();
  });

  it("lets any HTML file it sends run the build's own scripts, never the file's", async () => {
    const policy = (await rawGet(`${base}/dropped.html`)).headers['content-security-policy'];
    expect(policy).toContain(sha256('theme()'));
    expect(policy).not.toContain(sha256('steal()'));
  });

  it('sends an SVG file with a policy under which it loads and runs nothing', async () => {
    const { status, headers } = await rawGet(`${base}/avatar.svg`);
    expect([status, headers['content-security-policy']]).toEqual([200, "default-src 'none'; sandbox"]);
  });

  it('lets no other origin read its timings unless it serves a benchmark', async () => {
    expect((await rawGet(`${base}/main.1a2b3c4d.js`)).headers['timing-allow-origin']).toBeUndefined();
    const bench = createStaticServer({ root: served.root, timingAllowOrigin: true });
    try {
      const benchBase = `http://127.0.0.1:${await listen(bench, 0, '127.0.0.1')}`;
      expect((await rawGet(`${benchBase}/main.1a2b3c4d.js`)).headers['timing-allow-origin']).toBe('*');
    } finally {
      await closeServer(bench);
    }
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
