import { jest } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { useAzurite } from './azurite-test-server.mjs';
import { SUMMARY_FILE, templateHash } from './prerender-pages.mjs';
import { closeServer, createStaticServer, listen } from './static-server.mjs';
import { pagesPlaceOf, storeSite, writePages } from './storage-pages.mjs';
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

describe('a store site keeping its copies', () => {
  let run = 0;
  let store;
  let site;
  const storage = () => openStorage(store);
  const pinned = { remotes: { catalog: { entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json' } } };

  beforeEach(async () => {
    store = `azblob://sites/copies-${(run += 1)}`;
    await storage().createIfAbsent('remotes.preview.json', JSON.stringify(pinned));
  });
  afterEach(() => site?.close());

  it('stages only route paths from the summary, never a file outside its folder, with one warning line', async () => {
    const outside = `devhub-escape-${process.pid}-${run}`;
    const summary = {
      pins: { catalog: pinned.remotes.catalog.entry },
      routes: ['/', `/../../../../../../../tmp/${outside}`, '/a/../../..', 42].map((route) => ({
        route,
        status: 'prerendered',
      })),
    };
    await storage().createIfAbsent('remotes.preview.prerender/index.html', PAGE);
    await storage().createIfAbsent(`remotes.preview.prerender/${SUMMARY_FILE}`, JSON.stringify(summary));
    const writes = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      site = await storeSite(`${store}/remotes.preview.json`);
      expect(writes.mock.calls.map(([line]) => String(line))).toEqual([
        `[store] ${store}/remotes.preview.prerender/${SUMMARY_FILE}: not served, not route paths: "/../../../../../../../tmp/${outside}", "/a/../../..", 42\n`,
      ]);
    } finally {
      writes.mockRestore();
    }
    expect(existsSync(join(tmpdir(), outside))).toBe(false);
    expect(readdirSync(site.pagesDir).sort()).toEqual(['index.html', SUMMARY_FILE].sort());
  });

  it('shares one update among requests arriving together: at most one running and one waiting', async () => {
    const place = pagesPlaceOf(`${store}/remotes.preview.json`);
    let reads = 0;
    const read = place.storage.read.bind(place.storage);
    place.storage.read = (key) => {
      reads += 1;
      return read(key);
    };
    site = await storeSite(`${store}/remotes.preview.json`, place);
    // An update reads the registry and the summary: the first one, then one shared by the others.
    reads = 0;
    await Promise.all(Array.from({ length: 10 }, () => site.refresh()));
    expect(reads).toBe(4);
  });

  it('keeps its copies and no staging folder when the store fails during an update', async () => {
    const place = pagesPlaceOf(`${store}/remotes.preview.json`);
    site = await storeSite(`${store}/remotes.preview.json`, place);
    const before = readFileSync(site.registryFile, 'utf8');
    const summary = { pins: { catalog: 'elsewhere' }, routes: [{ route: '/', status: 'prerendered' }] };
    await storage().createIfAbsent('remotes.preview.prerender/index.html', PAGE);
    await storage().createIfAbsent(`remotes.preview.prerender/${SUMMARY_FILE}`, JSON.stringify(summary));
    const stored = await storage().read('remotes.preview.json');
    const next = { remotes: { catalog: { entry: 'elsewhere' } } };
    await storage().replaceIfUnchanged('remotes.preview.json', JSON.stringify(next), stored.etag);
    const read = place.storage.read.bind(place.storage);
    place.storage.read = (key) => (key.endsWith('index.html.br') ? Promise.reject(new Error('store down')) : read(key));
    const writes = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await site.refresh();
    } finally {
      writes.mockRestore();
    }
    expect(readFileSync(site.registryFile, 'utf8')).toBe(before);
    expect(readdirSync(dirname(site.pagesDir))).toEqual(['remotes.json']);
  });
});

describe('writing pages while another writer replaces them', () => {
  it('names the page it could not write and counts it as not prerendered, in what it returns and stores', async () => {
    const storage = openStorage('azblob://sites/contended');
    let other = 0;
    const contended = {
      ...storage,
      async createIfAbsent(key, bytes) {
        if (key.endsWith('/about/index.html')) {
          await storage.createIfAbsent(key, `other ${(other += 1)}`);
          return storage.createIfAbsent(key, bytes);
        }
        return storage.createIfAbsent(key, bytes);
      },
      async replaceIfUnchanged(key, bytes, etag) {
        if (key.endsWith('/about/index.html')) {
          const current = await storage.read(key);
          await storage.replaceIfUnchanged(key, `other ${(other += 1)}`, current.etag);
        }
        return storage.replaceIfUnchanged(key, bytes, etag);
      },
    };
    const outDir = mkdtempSync(join(tmpdir(), 'store-pages-'));
    try {
      const summary = {
        pins: {},
        routes: [
          { route: '/', status: 'prerendered' },
          { route: '/about', status: 'prerendered' },
        ],
      };
      mkdirSync(join(outDir, 'about'));
      writeFileSync(join(outDir, 'index.html'), PAGE);
      writeFileSync(join(outDir, 'about', 'index.html'), PAGE);
      writeFileSync(join(outDir, SUMMARY_FILE), JSON.stringify(summary));
      const reason = 'its page was not written to azblob://sites/contended/p (another writer replaced it each time)';
      const expected = [
        { route: '/', status: 'prerendered' },
        { route: '/about', status: 'client', reason },
      ];
      expect((await writePages(contended, 'p', outDir, summary)).routes).toEqual(expected);
      expect(JSON.parse((await storage.read(`p/${SUMMARY_FILE}`)).bytes.toString('utf8')).routes).toEqual(expected);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
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
