import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cacheControlFor, createStaticServer, listen } from './static-server.mjs';

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
  afterAll(() => {
    server.close();
    server.closeAllConnections();
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
