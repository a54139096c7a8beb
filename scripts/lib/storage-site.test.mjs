import { jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { useAzurite } from '../test/azurite-test-server.mjs';
import { sri } from './integrity.mjs';
import { SUMMARY_FILE, templateHash } from './prerender-pages.mjs';
import { closeServer, createStaticServer, listen } from './static-server.mjs';
import { pagesPlaceOf, storeSite } from './storage-site.mjs';
import { blobUrlOf } from './storage-blob.mjs';
import { openStorage } from './storage.mjs';

const SHELL = '<!doctype html><title>shell</title><script>theme()</script>';
/** A page the store holds: its own script never runs (the policy names the shell build's alone). */
const PAGE = '<!doctype html><title>trang chủ</title><p>đã dựng sẵn</p><script>starter()</script>';
const PAGES = 'remotes.preview.prerender';

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

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

/** Writes a blob whatever it held. */
async function put(store, key, text) {
  const storage = openStorage(store);
  const stored = await storage.read(key);
  if (stored) await storage.replaceIfUnchanged(key, text, stored.etag);
  else await storage.createIfAbsent(key, text);
}

/** The lines written to stderr while `work` runs. */
async function linesOf(work) {
  const writes = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await work();
    return writes.mock.calls.map(([line]) => String(line));
  } finally {
    writes.mockRestore();
  }
}

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
  const pageOf = (version) => PAGE.replace('đã dựng sẵn', `catalog ${version}`);
  /**
   * What `remotes prerender` writes next to the registry: the page of / and the summary of the
   * render, with the page's digest (`files`: what the summary lists, when not the page's own).
   */
  const writePages = async (
    version,
    { html = pageOf(version), files = { 'index.html': sri(pageOf(version)) } } = {},
  ) => {
    const summary = {
      template: templateHash(SHELL),
      pins: { catalog: registryOf(version).remotes.catalog.entry },
      routes: [{ route: '/', status: 'prerendered', ...(files ? { files } : {}) }],
    };
    await put(store, `${PAGES}/index.html`, html);
    await put(store, `${PAGES}/${SUMMARY_FILE}`, JSON.stringify(summary));
  };
  const pin = (version) => put(store, 'remotes.preview.json', JSON.stringify(registryOf(version)));
  /** Starts the preview on the store as it is now (`place`: its store, which a test may slow down). */
  const start = async (place) => {
    site = await storeSite(`${store}/remotes.preview.json`, place);
    server = createStaticServer({
      root: join(shellDir, 'dist'),
      spa: true,
      store: site,
      pages: { dir: site.pagesDir, template: join(shellDir, 'dist', 'index.html') },
    });
    origin = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  };

  beforeEach(async () => {
    run += 1;
    store = `azblob://sites/team-${run}`;
    shellDir = mkdtempSync(join(tmpdir(), 'store-site-'));
    mkdirSync(join(shellDir, 'dist'));
    writeFileSync(join(shellDir, 'dist', 'index.html'), SHELL);
    await pin('1.0.0');
    await writePages('1.0.0');
  });
  afterEach(async () => {
    if (server) await closeServer(server);
    site?.close();
    server = undefined;
    site = undefined;
    rmSync(shellDir, { recursive: true, force: true });
  });

  it('sends the browser to the store for the registry, never a copy of its own', async () => {
    await start();
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
    await start();
    const response = await request(`${origin}/`);
    expect(response.body).toContain('catalog 1.0.0');
    const storeOrigin = new URL(await blobUrlOf(store)).origin;
    const policy = response.headers['content-security-policy'];
    const directives = Object.fromEntries(
      policy.split('; ').map((item) => [item.split(' ')[0], item.split(' ').slice(1)]),
    );
    expect(directives['script-src'].sort()).toEqual(["'strict-dynamic'", sha256('theme()')].sort());
    expect(directives['connect-src']).toEqual(["'self'", storeOrigin]);
    expect(directives['style-src']).toEqual(["'self'", storeOrigin, "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", storeOrigin, 'data:']);
    expect(policy.match(/https?:\/\/[^\s;]+/g)).toEqual(Array(5).fill(storeOrigin));
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('takes up a new pin and its pages once it has read the store again, and never serves pages rendered for other pins', async () => {
    await start();
    await pin('1.1.0');
    await site.refresh();
    // Rendered before this pin: the shell renders the route in the browser instead.
    expect((await request(`${origin}/`)).body).toBe(SHELL);
    await writePages('1.1.0');
    await site.refresh();
    expect((await request(`${origin}/`)).body).toContain('catalog 1.1.0');
  });

  it("refuses a page edited in the store, with one line naming its route, and serves the shell's page instead", async () => {
    // An inline script added to the page: a server that made its policy from the page would let it run.
    await writePages('1.0.0', { html: pageOf('1.0.0').replace('</title>', '</title><script>steal()</script>') });
    const lines = await linesOf(start);
    expect(lines).toEqual([
      `[store] /: its page in ${store}/${PAGES} is not the one ${SUMMARY_FILE} lists: not served, the shell renders the route\n`,
    ]);
    const response = await request(`${origin}/`);
    expect(response.body).toBe(SHELL);
    expect(response.headers['content-security-policy']).not.toContain(sha256('steal()'));
  });

  it('refuses a page the summary lists no digest for, or a copy it does not list', async () => {
    await writePages('1.0.0', { files: null });
    expect(await linesOf(start)).toEqual([expect.stringMatching(/^\[store\] \/: /)]);
    expect((await request(`${origin}/`)).body).toBe(SHELL);
    // A brotli copy beside a page whose own digest is right: a browser asking for brotli would get it.
    await writePages('1.0.1');
    await put(store, `${PAGES}/index.html.br`, 'not the page');
    await pin('1.0.1');
    expect(await linesOf(() => site.refresh())).toEqual([expect.stringMatching(/^\[store\] \/: /)]);
    expect((await request(`${origin}/`)).body).toBe(SHELL);
  });

  it("runs none of a page's own scripts even when its digest was rewritten with it", async () => {
    const edited = pageOf('1.0.0').replace('</title>', '</title><script>steal()</script>');
    await writePages('1.0.0', { html: edited, files: { 'index.html': sri(edited) } });
    await start();
    const response = await request(`${origin}/`);
    expect(response.body).toBe(edited);
    expect(response.headers['content-security-policy']).not.toContain(sha256('steal()'));
  });

  it('answers from its last good copy at once while the store is slow, and takes up what changed after', async () => {
    const place = pagesPlaceOf(`${store}/remotes.preview.json`);
    await start(place);
    await pin('1.1.0');
    await writePages('1.1.0');
    let release = () => undefined;
    const gate = new Promise((resolve) => (release = resolve));
    const read = place.storage.read.bind(place.storage);
    place.storage.read = async (key) => {
      await gate;
      return read(key);
    };
    // A hang budget, not a timing: a server that waits for the store does not answer before the gate opens.
    const answer = await Promise.race([
      request(`${origin}/`).then((response) => response.body),
      new Promise((resolve) => setTimeout(() => resolve('no answer while the store was slow'), 20_000).unref()),
    ]);
    expect(answer).toContain('catalog 1.0.0');
    release();
    await site.refresh();
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
    const files = { 'index.html': sri(PAGE) };
    const summary = {
      pins: { catalog: pinned.remotes.catalog.entry },
      routes: ['/', `/../../../../../../../tmp/${outside}`, '/a/../../..', 42].map((route) => ({
        route,
        status: 'prerendered',
        files,
      })),
    };
    await storage().createIfAbsent(`${PAGES}/index.html`, PAGE);
    await storage().createIfAbsent(`${PAGES}/${SUMMARY_FILE}`, JSON.stringify(summary));
    const lines = await linesOf(async () => {
      site = await storeSite(`${store}/remotes.preview.json`);
    });
    expect(lines).toEqual([
      `[store] ${store}/${PAGES}/${SUMMARY_FILE}: not served, not route paths: "/../../../../../../../tmp/${outside}", "/a/../../..", 42\n`,
    ]);
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
    const summary = {
      pins: { catalog: 'elsewhere' },
      routes: [{ route: '/', status: 'prerendered', files: { 'index.html': sri(PAGE) } }],
    };
    await storage().createIfAbsent(`${PAGES}/index.html`, PAGE);
    await storage().createIfAbsent(`${PAGES}/${SUMMARY_FILE}`, JSON.stringify(summary));
    const stored = await storage().read('remotes.preview.json');
    const next = { remotes: { catalog: { entry: 'elsewhere' } } };
    await storage().replaceIfUnchanged('remotes.preview.json', JSON.stringify(next), stored.etag);
    const read = place.storage.read.bind(place.storage);
    let reading = 0;
    place.storage.read = (key) => {
      if (key.endsWith('index.html.br')) return Promise.reject(new Error('store down'));
      reading += 1;
      return read(key).finally(() => (reading -= 1));
    };
    await linesOf(() => site.refresh());
    // No read of the failed update outlives it (one did, and reached the next test's network).
    expect(reading).toBe(0);
    expect(readFileSync(site.registryFile, 'utf8')).toBe(before);
    expect(readdirSync(dirname(site.pagesDir))).toEqual(['remotes.json']);
  });
});
