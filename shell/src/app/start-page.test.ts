import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRERENDERED_ATTRIBUTE } from '../features/prerender/prerendered-attribute';
import { BOOT_ISLAND_ID, islandText, type BootIsland } from '../lib/boot-island';
import { startPage } from './start-page';

const MANIFEST_URL = 'https://cdn.example/catalog/1.2.0/mf-manifest.json';
const REGISTRY = {
  remotes: {
    catalog: { entry: MANIFEST_URL, routes: [{ expose: 'HomePage', routes: [{ path: '/' }] }] },
  },
};
const MANIFEST = {
  metaData: { globalName: 'catalog', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  exposes: [{ path: './HomePage', assets: { js: { sync: ['home.js'], async: [] }, css: { sync: [], async: [] } } }],
};

const root = document.documentElement;
const started = () => [...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
const preloads = (as: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter((link) => link.as === as);
const hinted = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);

function page(island: BootIsland, prerendered: boolean) {
  if (prerendered) root.setAttribute(PRERENDERED_ATTRIBUTE, '');
  document.head.innerHTML = `<script type="application/json" id="${BOOT_ISLAND_ID}">${islandText(island)}</script>`;
  document.body.innerHTML = '<div id="root"><h1>Trang chủ</h1></div>';
}

describe("the page's head script", () => {
  let requested: string[];

  beforeEach(() => {
    requested = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      requested.push(url);
      return Response.json(url === '/remotes.json' ? REGISTRY : MANIFEST);
    });
    localStorage.setItem('theme', 'dark');
  });
  afterEach(async () => {
    // The event replay of a prerendered page ends once the shell renders it.
    root.dataset.rendering = 'client';
    await Promise.resolve();
    jest.useRealTimers();
    jest.restoreAllMocks();
    localStorage.clear();
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    delete root.dataset.rendering;
    root.className = '';
  });

  it("applies the saved theme, and warms the page's remote up at once on a page the browser renders", async () => {
    page({ sharedFiles: {} }, false);
    startPage();
    expect(root.className).toBe('dark');
    // The responses are read as a browser reads them, off the test's clock.
    for (let wait = 0; wait < 50 && hinted().length < 4; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested).toEqual(['/remotes.json', MANIFEST_URL]);
    expect(hinted()).toEqual([
      'http://localhost/remotes.json',
      MANIFEST_URL,
      'https://cdn.example/catalog/1.2.0/remoteEntry.js',
      'https://cdn.example/catalog/1.2.0/home.js',
    ]);
  });

  it("leaves the shell's loader what it fetches itself as a preload it takes, CORS-mode like its fetch(), not a global", async () => {
    page({ sharedFiles: {} }, false);
    startPage();
    for (let wait = 0; wait < 50 && hinted().length < 4; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloads('fetch').map((link) => [link.href, link.crossOrigin])).toEqual([
      ['http://localhost/remotes.json', 'anonymous'],
      [MANIFEST_URL, 'anonymous'],
    ]);
    expect(Object.keys(window).filter((name) => name.startsWith('__devhub'))).toEqual([]);
  });

  it.each([
    ['10', 'https://cdn.example/catalog/1.3.0/mf-manifest.json'],
    ['50', MANIFEST_URL],
    [null, MANIFEST_URL],
  ])(
    'warms up the pin this browser runs: for bucket %s, a candidate at 50 %% or the stable pin',
    async (bucket, manifest) => {
      if (bucket !== null) localStorage.setItem('devhub-canary-bucket', bucket);
      const candidate = { entry: 'https://cdn.example/catalog/1.3.0/mf-manifest.json', version: '1.3.0', percent: 50 };
      jest.mocked(globalThis.fetch).mockImplementation(async (input) => {
        const url = String(input);
        requested.push(url);
        return Response.json(
          url === '/remotes.json' ? { remotes: { catalog: { ...REGISTRY.remotes.catalog, candidate } } } : MANIFEST,
        );
      });
      page({ sharedFiles: {} }, false);
      startPage();
      for (let wait = 0; wait < 50 && requested.length < 2; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(requested).toEqual(['/remotes.json', manifest]);
    },
  );

  it("warms a prerendered page's remote up at once too, and starts no script itself", async () => {
    page({ sharedFiles: {} }, true);
    startPage();
    expect(root.className).toBe('dark');
    expect(requested).toEqual(['/remotes.json']);
    for (let wait = 0; wait < 50 && requested.length < 2; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested).toEqual(['/remotes.json', MANIFEST_URL]);
    expect(started()).toEqual([]);
  });

  const PLAN = {
    manifest: MANIFEST_URL,
    files: {
      entry: { url: '/catalog/1.2.0/remoteEntry.js', type: 'global', globalName: 'catalog' },
      scripts: ['/catalog/1.2.0/home.js', '/923.js'],
      styles: [],
      base: '/catalog/1.2.0/',
      integrity: { '/catalog/1.2.0/home.js': 'sha384-home' },
    },
  };

  it.each([
    ['the pin it was rendered with', MANIFEST_URL, []],
    ['another pin (a plan gone stale)', 'https://cdn.example/catalog/1.3.0/mf-manifest.json', ['manifest']],
  ])(
    "hints a prerendered page's files from its plan, without the manifest, while the registry pins %s",
    async (_, pinned, fetched) => {
      jest.mocked(globalThis.fetch).mockImplementation(async (input) => {
        const url = String(input);
        requested.push(url);
        return Response.json(
          url === '/remotes.json' ? { remotes: { catalog: { ...REGISTRY.remotes.catalog, entry: pinned } } } : MANIFEST,
        );
      });
      page({ sharedFiles: {}, firstLoad: PLAN }, true);
      startPage();
      for (let wait = 0; wait < 20; wait += 1) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(requested.slice(1)).toEqual(fetched.map(() => pinned));
      if (fetched.length > 0) return;
      expect(preloads('script').map((link) => [link.href, link.integrity || 'none'])).toEqual([
        ['http://localhost/catalog/1.2.0/remoteEntry.js', 'none'],
        ['http://localhost/catalog/1.2.0/home.js', 'sha384-home'],
        ['http://localhost/923.js', 'none'],
      ]);
    },
  );

  it("is one inline script and one data island in index.html, and the shell's bundle is the build's to add", () => {
    const template = readFileSync(join(__dirname, '../../index.html'), 'utf8');
    const scripts = [...template.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes ?? '');
    expect(scripts.filter((attributes) => !/\b(src|type)=/.test(attributes))).toHaveLength(1);
    expect(scripts.filter((attributes) => attributes.includes('type="application/json"'))).toHaveLength(1);
    expect(template.indexOf('<%= headScript %>')).toBeLessThan(template.indexOf('</head>'));
    expect(template).toMatch(/<div id="root"><\/div>\s*<\/body>/);
  });

  it("requests the registry from the head, before any script: a prerendered page's warm-up starts only after its markup (bench/ab.md)", () => {
    const template = readFileSync(join(__dirname, '../../index.html'), 'utf8');
    const preload = template.indexOf('<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous" />');
    expect(preload).toBeGreaterThan(-1);
    expect(preload).toBeLessThan(template.indexOf('<script'));
  });
});
