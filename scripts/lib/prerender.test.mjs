import { appendFileSync, existsSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteRecord } from '../test/compatibility-fixtures.mjs';
import { sealVersion, sri } from './integrity.mjs';
import { localFileOf } from './manifest.mjs';
import { TEMPLATE, countingServer, prerenderFixture, publish } from '../test/prerender-fixtures.mjs';
import { prerenderedPages, templateHash } from './prerender-pages.mjs';
import { prerenderDir, prerenderEnvironment } from './prerender.mjs';
import { describePrerender, prerenderStatus } from './prerender-status.mjs';
import { REGISTRY_DIR } from './registry-file.mjs';

describe('prerender', () => {
  /** @type {ReturnType<typeof prerenderFixture>} */
  let fixture;
  let root;
  let options;
  beforeEach(() => {
    fixture = prerenderFixture();
    ({ root, options } = fixture);
  });
  afterEach(() => fixture.remove());

  it('renders each route with the server entry of a private copy of each pinned version, and the folder the browser sees', async () => {
    const summary = await prerenderEnvironment(options);
    const out = prerenderDir(options.registryFile);
    expect(out).toBe(join(root, 'remotes.prerender'));
    expect(summary.routes.map(({ route, status }) => ({ route, status }))).toEqual([
      { route: '/', status: 'prerendered' },
      { route: '/blog', status: 'prerendered' },
      { route: '/signin', status: 'prerendered' },
    ]);
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    // A dev server's entry in the local environment: copied as it is, not verified.
    const entry = /\/ catalog 1\.0\.0 from (file:\S+) at \/deploy\/remote-catalog\/1\.0\.0\/<\/div>/.exec(home)?.[1];
    expect(fileURLToPath(entry ?? 'file:///none')).toMatch(/\/devhub-render-[^/]+\/catalog\/server\.remoteEntry\.cjs$/);
    expect(readFileSync(join(out, 'signin', 'index.html'), 'utf8')).toMatch(
      /\/signin auth page from file:\S+\/auth\/server\.remoteEntry\.cjs at \/\/localhost:3002\/<\/div>/,
    );
    // A folder of its own under the system's temporary folder, gone once rendered.
    const mirror = dirname(dirname(fileURLToPath(entry ?? 'file:///none')));
    expect(dirname(mirror)).toBe(realpathSync(tmpdir()));
    expect(existsSync(mirror)).toBe(false);
    const written = JSON.parse(readFileSync(join(out, 'prerender.json'), 'utf8'));
    expect(written).toMatchObject({
      template: templateHash(TEMPLATE),
      registry: 'remotes.json',
      pins: { catalog: '/deploy/remote-catalog/1.0.0/mf-manifest.json' },
    });
    expect(prerenderStatus(options)).toEqual(summary.routes);
  });

  it('records the sha384 of each page and of each of its compressed copies, as written, by its path in the pages folder', async () => {
    const summary = await prerenderEnvironment(options);
    const out = prerenderDir(options.registryFile);
    const blog = summary.routes.find((route) => route.route === '/blog');
    expect(Object.keys(blog?.files ?? {})).toEqual(['blog/index.html', 'blog/index.html.br', 'blog/index.html.gz']);
    for (const route of summary.routes) {
      const files = route.files ?? {};
      const folder = route.route === '/' ? out : join(out, route.route.slice(1));
      const onDisk = readdirSync(folder).filter((name) => name.startsWith('index.html'));
      expect(Object.keys(files).map((name) => name.split('/').pop())).toEqual(onDisk);
      for (const [name, digest] of Object.entries(files)) expect(sri(readFileSync(join(out, name)))).toBe(digest);
    }
    expect(JSON.parse(readFileSync(join(out, 'prerender.json'), 'utf8')).routes).toEqual(summary.routes);
  });

  it("leaves a remote's routes to the browser, with the reason, when its version has no server build or is missing", async () => {
    publish(join(root, 'auth-dist'), 'auth', { ssr: false });
    let summary = await prerenderEnvironment(options);
    expect(summary.routes.find((route) => route.route === '/signin')).toEqual({
      route: '/signin',
      status: 'client',
      reason: 'auth has no server build in this version',
    });
    expect(existsSync(join(prerenderDir(options.registryFile), 'signin', 'index.html'))).toBe(false);

    fixture.registry('/deploy/remote-catalog/2.0.0/mf-manifest.json');
    summary = await prerenderEnvironment(options);
    // Where it looked is named as the registry names it: no path of this machine.
    expect(summary.routes[0]).toEqual({
      route: '/',
      status: 'client',
      reason:
        'catalog: /deploy/remote-catalog/2.0.0/mf-manifest.json is not published (/deploy/remote-catalog/2.0.0/mf-manifest.json does not exist)',
    });
    expect(describePrerender(summary.routes, '/out').warnings).toEqual([
      expect.stringMatching(/^\/ stays client-rendered: catalog: .* is not published/),
      expect.stringMatching(/^\/blog stays client-rendered: catalog: /),
      '/signin stays client-rendered: auth has no server build in this version',
    ]);
  });

  it("never runs a pinned version's server file changed after it was pinned: its routes stay client-rendered, saying why", async () => {
    const version = join(root, 'deploy', 'remote-catalog', '1.0.0');
    const pin = {
      entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json',
      version: '1.0.0',
      integrity: sealVersion(version),
    };
    fixture.registry(pin);

    await prerenderEnvironment(options);
    // Its manifest matched the pin: the renderer is told so, and links the page's files with their digests.
    expect(readFileSync(join(prerenderDir(options.registryFile), 'index.html'), 'utf8')).toContain(
      'at /deploy/remote-catalog/1.0.0/, verified</div>',
    );

    appendFileSync(join(version, 'server.remoteEntry.cjs'), `module.exports.page = 'tampered';\n`);
    const summary = await prerenderEnvironment(options);
    expect(readdirSync(prerenderDir(options.registryFile))).not.toContain('index.html');
    expect(summary.routes[0]).toEqual({
      route: '/',
      status: 'client',
      reason: expect.stringMatching(
        /^catalog: refused, its server build is not the one pinned: server\.remoteEntry\.cjs does not match its digest \(manifest sha384-\S+, file sha384-\S+\)$/,
      ),
    });

    // A published version pinned without a digest runs nothing either (fail closed).
    fixture.registry({ entry: pin.entry, version: pin.version });
    expect((await prerenderEnvironment(options)).routes[0].reason).toMatch(/has no pinned digest/);
  });

  it('never hands the renderer a remote whose version does not fit the shell build: its routes stay client-rendered, saying why', async () => {
    publish(join(root, 'auth-dist'), 'auth', { record: remoteRecord('auth', '1.0.0', { react: '18.3.1' }) });
    const summary = await prerenderEnvironment(options);
    expect(summary.routes.find((route) => route.route === '/signin')).toEqual({
      route: '/signin',
      status: 'client',
      reason: 'auth: refused, it does not fit this shell build: auth: needs react ^18.3.0; the shell provides 19.3.1',
    });
    expect(summary.routes.find((route) => route.route === '/')).toMatchObject({ route: '/', status: 'prerendered' });
  });

  it('renders again when a pin changes while it renders, so the pages match the final registry', async () => {
    publish(join(root, 'deploy', 'remote-catalog', '1.1.0'), 'catalog', { page: 'catalog 1.1.0' });
    // Another operator pins a new version while the first render runs (the renderer says when).
    const reports = await countingServer((path, count) => {
      if (path === '/repin' && count === 1) fixture.registry('/deploy/remote-catalog/1.1.0/mf-manifest.json');
      return {};
    });
    try {
      fixture.renderer({ mode: 'repin', report: reports.url });
      const summary = await prerenderEnvironment(options);
      expect(reports.counts.get('/repin')).toBe(2);
      expect(summary.pins.catalog).toBe('/deploy/remote-catalog/1.1.0/mf-manifest.json');
      expect(prerenderStatus(options)).toEqual(summary.routes);
      expect(readFileSync(join(prerenderDir(options.registryFile), 'index.html'), 'utf8')).toContain('catalog 1.1.0');
    } finally {
      await reports.close();
    }
  });

  // A renderer that hangs meets the timeout whatever it is; one that crashes must crash first, even on
  // a loaded machine where starting its process takes seconds.
  it.each([
    ['hang', 500, /did not finish within 500 ms/],
    ['crash', 60_000, /stopped without answering \(exit code 3\)/],
  ])('leaves every route to the browser, with the reason, when the renderer %ss', async (mode, timeoutMs, reason) => {
    await prerenderEnvironment(options);
    fixture.renderer({ mode });
    const summary = await prerenderEnvironment({ ...options, timeoutMs });
    expect(summary.routes).toEqual([{ route: '*', status: 'client', reason: expect.stringMatching(reason) }]);
    expect(existsSync(join(prerenderDir(options.registryFile), 'blog', 'index.html'))).toBe(false);
  });

  it('stops the renderer once it has answered, whatever it left running', async () => {
    /** @type {number[]} */
    const pids = [];
    const reports = await countingServer((path) => {
      if (path.startsWith('/pid/')) pids.push(Number(path.slice('/pid/'.length)));
      return {};
    });
    try {
      fixture.renderer({ mode: 'linger', report: reports.url });
      const summary = await prerenderEnvironment(options);
      expect(summary.routes.map((route) => route.status)).toEqual(['prerendered', 'prerendered', 'prerendered']);
    } finally {
      await reports.close();
    }
    const alive = () => {
      try {
        process.kill(pids[0] ?? 0, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(pids).toHaveLength(1);
    // Gone once this process has reaped it; left to end on its own, its timer would keep it for ever.
    for (let poll = 0; poll < 250 && alive(); poll += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alive()).toBe(false);
  });

  it('reports a prerender made for another shell build or before a pin changed, as doctor shows it', async () => {
    expect(prerenderStatus(options)).toMatch(/^not prerendered/);
    await prerenderEnvironment(options);
    fixture.registry('/deploy/remote-catalog/1.1.0/mf-manifest.json');
    expect(prerenderStatus(options)).toMatch(/^rendered before catalog changed pin/);
    writeFileSync(join(options.shellBuild, 'index.html'), TEMPLATE.replace('DevHub', 'DevHub 2'));
    expect(prerenderStatus(options)).toMatch(/^rendered for another shell build/);
    expect(describePrerender(prerenderStatus(options), '/out').warnings).toEqual([
      expect.stringMatching(/^no route is prerendered: rendered for another shell build/),
    ]);
  });

  it('serves a page only while it was rendered from the shell build being served', async () => {
    await prerenderEnvironment(options);
    const pageOf = prerenderedPages({
      dir: prerenderDir(options.registryFile),
      template: join(options.shellBuild, 'index.html'),
    });
    expect((await pageOf('/blog'))?.path).toBe(
      realpathSync(join(prerenderDir(options.registryFile), 'blog', 'index.html')),
    );
    expect(await pageOf('/profile')).toBeUndefined();
    expect(await pageOf('/%2e%2e/%2e%2e/etc')).toBeUndefined();
    expect(await pageOf('/prerender.json')).toBeUndefined();
    writeFileSync(join(options.shellBuild, 'index.html'), TEMPLATE.replace('DevHub', 'DevHub 2'));
    expect(await pageOf('/blog')).toBeUndefined();
  });
});

describe('where things are', () => {
  it.each([
    ['/deploy/remote-catalog/1.0.0/mf-manifest.json', '/srv/deploy/remote-catalog/1.0.0/mf-manifest.json'],
    ['//localhost:3001/mf-manifest.json', '/srv/catalog/mf-manifest.json'],
    ['https://localhost:3001/mf-manifest.json', '/srv/catalog/mf-manifest.json'],
    ['https://cdn.example.com/remote-catalog/1.0.0/mf-manifest.json', undefined],
    ['/elsewhere/mf-manifest.json', undefined],
  ])('%s is read from %s', (entry, file) => {
    expect(
      localFileOf(entry, { mounts: { '/deploy/': '/srv/deploy' }, origins: { 'localhost:3001': '/srv/catalog' } }),
    ).toBe(file);
  });

  it("keeps shell/public's environments out of the shell's public folder", () => {
    expect(prerenderDir(join(REGISTRY_DIR, 'remotes.preview.json'), '/work/.prerender')).toBe(
      '/work/.prerender/remotes.preview',
    );
  });
});
