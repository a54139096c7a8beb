import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useAzurite } from './azurite-test-server.mjs';
import { SUMMARY_FILE, templateHash } from './prerender-pages.mjs';
import { closeServer, createStaticServer, listen } from './static-server.mjs';
import { storeSite } from './storage-pages.mjs';
import { blobUrlOf, openStorage } from './storage.mjs';

const SHELL = '<!doctype html><title>shell</title><script>start()</script>';
const PAGE = '<!doctype html><title>trang chủ</title><p>đã dựng sẵn</p><script>hydrate()</script>';

useAzurite('sites', ['http://127.0.0.1']);

/** A GET as a browser's first request sends it, redirects not followed. */
const request = (url) =>
  new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    }).on('error', reject);
  });

describe('a preview whose registry is on object storage', () => {
  let shellDir;
  let run = 0;
  let store;
  let site;
  let server;
  let origin;

  const registryOf = (version) => ({
    remotes: { catalog: { entry: `/deploy/remote-catalog/${version}/mf-manifest.json`, version } },
  });
  /** What `remotes prerender` writes next to the registry: the page of / and the summary of the render. */
  const writePages = async (version) => {
    const storage = openStorage(store);
    const summary = {
      template: templateHash(SHELL),
      pins: { catalog: registryOf(version).remotes.catalog.entry },
      routes: [{ route: '/', status: 'prerendered' }],
    };
    for (const [key, text] of [
      ['remotes.preview.prerender/index.html', PAGE.replace('đã dựng sẵn', `catalog ${version}`)],
      [`remotes.preview.prerender/${SUMMARY_FILE}`, JSON.stringify(summary)],
    ]) {
      const stored = await storage.read(key);
      if (stored) await storage.replaceIfUnchanged(key, text, stored.etag);
      else await storage.createIfAbsent(key, text);
    }
  };
  const pin = async (version) => {
    const storage = openStorage(store);
    const stored = await storage.read('remotes.preview.json');
    const text = JSON.stringify(registryOf(version));
    if (stored) await storage.replaceIfUnchanged('remotes.preview.json', text, stored.etag);
    else await storage.createIfAbsent('remotes.preview.json', text);
  };

  beforeEach(async () => {
    run += 1;
    store = `azblob://sites/team-${run}`;
    shellDir = mkdtempSync(join(tmpdir(), 'store-site-'));
    writeFileSync(join(shellDir, 'index.html'), SHELL);
    await pin('1.0.0');
    await writePages('1.0.0');
    site = await storeSite(`${store}/remotes.preview.json`);
    server = createStaticServer({
      root: shellDir,
      spa: true,
      store: site,
      pages: { dir: site.pagesDir, template: join(shellDir, 'index.html') },
    });
    origin = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  });
  afterEach(async () => {
    await closeServer(server);
    site.close();
    rmSync(shellDir, { recursive: true, force: true });
  });

  it('sends the browser to the store for the registry, never a copy of its own', async () => {
    const response = await request(`${origin}/remotes.json`);
    expect([response.status, response.headers.location, response.headers['cache-control']]).toEqual([
      307,
      await blobUrlOf(`${store}/remotes.preview.json`),
      'no-cache',
    ]);
    // The store answers the page's origin with the registry itself (public blob, CORS from init-storage).
    const fromStore = await fetch(response.headers.location, { headers: { Origin: 'http://127.0.0.1' } });
    expect([fromStore.status, fromStore.headers.get('access-control-allow-origin')]).toEqual([200, 'http://127.0.0.1']);
    expect(await fromStore.json()).toEqual(registryOf('1.0.0'));
  });

  it("serves the page prerendered next to the registry, its policy allowing the store's origin and no other", async () => {
    const response = await request(`${origin}/`);
    expect(response.body).toContain('catalog 1.0.0');
    const storeOrigin = new URL(await blobUrlOf(store)).origin;
    const policy = response.headers['content-security-policy'];
    const directives = Object.fromEntries(
      policy.split('; ').map((item) => [item.split(' ')[0], item.split(' ').slice(1)]),
    );
    expect(directives['connect-src']).toEqual(["'self'", storeOrigin]);
    expect(directives['style-src']).toEqual(["'self'", storeOrigin, "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", storeOrigin, 'data:']);
    expect(policy.match(/https?:\/\/[^\s;]+/g)).toEqual(Array(4).fill(storeOrigin));
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('takes up a new pin and its pages on the next load, and never serves pages rendered for other pins', async () => {
    await pin('1.1.0');
    // Rendered before this pin: the shell renders the route in the browser instead.
    expect((await request(`${origin}/`)).body).toBe(SHELL);
    await writePages('1.1.0');
    expect((await request(`${origin}/`)).body).toContain('catalog 1.1.0');
  });
});

describe('listing a container', () => {
  it('is refused to a browser, reading one of its blobs is not', async () => {
    const storage = openStorage('azblob://sites/listing');
    await storage.createIfAbsent('remotes.preview.json', '{}');
    const container = await blobUrlOf('azblob://sites');
    const listing = await fetch(`${container}?restype=container&comp=list`);
    expect(listing.ok).toBe(false);
    expect((await fetch(`${container}/listing/remotes.preview.json`)).status).toBe(200);
  });
});
