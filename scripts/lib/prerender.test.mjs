import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prerenderedPages, templateHash } from './prerender-pages.mjs';
import { remoteRecord, writeShellRecord } from './compatibility-fixtures.mjs';
import { sealVersion } from './integrity.mjs';
import { localFileOf } from './manifest.mjs';
import { describePrerender, prerenderDir, prerenderEnvironment, prerenderStatus } from './prerender.mjs';
import { REGISTRY_DIR } from './registry-file.mjs';

const TEMPLATE = '<!doctype html><html><head><title>DevHub</title></head><body><div id="root"></div></body></html>';

/**
 * A shell renderer standing in for shell/dist-server/server.cjs: it renders each route as the
 * remotes it is given allow, so these tests exercise the prerender's own work (which remote is
 * read where, what is written, what is reported) without a build.
 */
const FAKE_RENDERER = `
exports.prerender = async (input) => {
  if (process.env.FAKE_RENDER === 'hang') await new Promise(() => setInterval(() => {}, 1000));
  if (process.env.FAKE_RENDER === 'crash') process.exit(3);
  const fs = require('node:fs');
  if (process.env.FAKE_RENDER === 'linger') {
    setInterval(() => {}, 1000);
    fs.writeFileSync(process.env.FAKE_PID_FILE, String(process.pid));
  }
  // Another operator pins a new version while this render runs (once).
  if (process.env.FAKE_REPIN && !fs.existsSync(process.env.FAKE_REPIN + '.done')) {
    fs.writeFileSync(process.env.FAKE_REPIN + '.done', '');
    fs.writeFileSync(process.env.FAKE_REPIN, process.env.FAKE_REPIN_REGISTRY);
  }
  if (process.env.FAKE_RENDER === 'require') {
    const { serverEntry } = input.remotes.catalog;
    if (serverEntry) require(require('node:url').fileURLToPath(serverEntry));
  }
  return ['/', '/blog', '/signin'].map((route) => {
    const remote = route === '/signin' ? input.remotes.auth : input.remotes.catalog;
    const name = route === '/signin' ? 'auth' : 'catalog';
    if (remote && remote.unavailable) return { route, problem: name + ': ' + remote.unavailable };
    if (!remote || !remote.serverEntry) return { route, problem: name + ' has no server build in this version' };
    return { route, html: input.template.replace('<div id="root"></div>', '<div id="root">' + route + ' from ' + remote.serverEntry + ' at ' + remote.publicPath + (remote.verified ? ', verified' : '') + '</div>') };
  });
};`;

function publish(dir, remote, { ssr = true, record = remoteRecord(remote, '1.0.0') } = {}) {
  mkdirSync(dir, { recursive: true });
  const metaData = { remoteEntry: { name: 'remoteEntry.js', path: '' } };
  if (ssr) metaData.ssrRemoteEntry = { name: 'server.remoteEntry.cjs', path: '', type: 'commonjs-module' };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ metaData, compatibility: record }));
}

describe('prerender', () => {
  let root;
  let options;
  /** The registry, with the catalog pinned at `catalog`. */
  const registry = (catalog = '/deploy/remote-catalog/1.0.0/mf-manifest.json') =>
    writeFileSync(
      options.registryFile,
      JSON.stringify({
        environment: 'test',
        remotes: {
          catalog: { entry: catalog },
          auth: { entry: '//localhost:3002/mf-manifest.json' },
          account: { entry: '//localhost:3003/mf-manifest.json' },
        },
      }),
    );

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'devhub-prerender-test-'));
    const shellBuild = join(root, 'shell');
    mkdirSync(shellBuild);
    writeFileSync(join(shellBuild, 'index.html'), TEMPLATE);
    writeShellRecord(shellBuild);
    writeFileSync(join(root, 'server.cjs'), FAKE_RENDERER);
    options = {
      registryFile: join(root, 'remotes.json'),
      shellBuild,
      shellServer: join(root, 'server.cjs'),
      mounts: { '/deploy/': join(root, 'deploy') },
      origins: { 'localhost:3002': join(root, 'auth-dist') },
    };
    publish(join(root, 'deploy', 'remote-catalog', '1.0.0'), 'catalog');
    publish(join(root, 'auth-dist'), 'auth');
    registry();
  });
  afterEach(() => {
    delete process.env.FAKE_RENDER;
    delete process.env.FAKE_PID_FILE;
    delete process.env.FAKE_REPIN;
    delete process.env.FAKE_REPIN_REGISTRY;
    rmSync(root, { recursive: true, force: true });
  });

  it('renders each route with the server entry read beside each pinned manifest, and the folder the browser sees', async () => {
    const summary = await prerenderEnvironment(options);
    const out = prerenderDir(options.registryFile);
    expect(out).toBe(join(root, 'remotes.prerender'));
    expect(summary.routes).toEqual([
      { route: '/', status: 'prerendered' },
      { route: '/blog', status: 'prerendered' },
      { route: '/signin', status: 'prerendered' },
    ]);
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    // Pinned without a digest: not verified, so the page links its files without theirs.
    expect(home).toContain(
      `/ from file://${join(root, 'deploy', 'remote-catalog', '1.0.0', 'server.remoteEntry.cjs')} at /deploy/remote-catalog/1.0.0/</div>`,
    );
    expect(readFileSync(join(out, 'signin', 'index.html'), 'utf8')).toContain(
      `from file://${join(root, 'auth-dist', 'server.remoteEntry.cjs')} at //localhost:3002/`,
    );
    expect(JSON.parse(readFileSync(join(out, 'prerender.json'), 'utf8'))).toMatchObject({
      template: templateHash(TEMPLATE),
      pins: { catalog: '/deploy/remote-catalog/1.0.0/mf-manifest.json' },
    });
    expect(prerenderStatus(options)).toEqual(summary.routes);
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

    registry('/deploy/remote-catalog/2.0.0/mf-manifest.json');
    summary = await prerenderEnvironment(options);
    expect(summary.routes[0]).toEqual({
      route: '/',
      status: 'client',
      reason: expect.stringMatching(/^catalog: \/deploy\/remote-catalog\/2\.0\.0\/mf-manifest\.json is not published/),
    });
    expect(describePrerender(summary.routes, '/out').warnings).toEqual([
      expect.stringMatching(/^\/ stays client-rendered: catalog: .* is not published/),
      expect.stringMatching(/^\/blog stays client-rendered: catalog: /),
      '/signin stays client-rendered: auth has no server build in this version',
    ]);
  });

  it("never requires a pinned version's server file changed after it was pinned: its routes stay client-rendered, saying why", async () => {
    const version = join(root, 'deploy', 'remote-catalog', '1.0.0');
    const marker = (name) => join(root, name);
    writeFileSync(
      join(version, 'server.remoteEntry.cjs'),
      `require('node:fs').writeFileSync(${JSON.stringify(marker('ran'))}, '');\n`,
    );
    const integrity = sealVersion(version);
    const pinned = JSON.parse(readFileSync(options.registryFile, 'utf8'));
    pinned.remotes.catalog = { ...pinned.remotes.catalog, version: '1.0.0', integrity };
    writeFileSync(options.registryFile, JSON.stringify(pinned));
    process.env.FAKE_RENDER = 'require';

    await prerenderEnvironment(options);
    expect(existsSync(marker('ran'))).toBe(true);
    rmSync(marker('ran'));
    // Its manifest matched the pin: the renderer is told so, and links the page's files with their digests.
    expect(readFileSync(join(prerenderDir(options.registryFile), 'index.html'), 'utf8')).toContain(
      'at /deploy/remote-catalog/1.0.0/, verified</div>',
    );

    appendFileSync(
      join(version, 'server.remoteEntry.cjs'),
      `require('node:fs').writeFileSync(${JSON.stringify(marker('tampered'))}, '');\n`,
    );
    const summary = await prerenderEnvironment(options);
    expect(existsSync(marker('tampered'))).toBe(false);
    expect(existsSync(marker('ran'))).toBe(false);
    expect(summary.routes[0]).toEqual({
      route: '/',
      status: 'client',
      reason: expect.stringMatching(
        /^catalog: refused, its server build is not the one pinned: server\.remoteEntry\.cjs does not match its digest \(manifest sha384-\S+, file sha384-\S+\)$/,
      ),
    });

    // A published version pinned without a digest runs nothing either (fail closed).
    delete pinned.remotes.catalog.integrity;
    writeFileSync(options.registryFile, JSON.stringify(pinned));
    expect((await prerenderEnvironment(options)).routes[0].reason).toMatch(/has no pinned digest/);
    expect(existsSync(marker('ran'))).toBe(false);
  });

  it('never hands the renderer a remote whose version does not fit the shell build: its routes stay client-rendered, saying why', async () => {
    publish(join(root, 'auth-dist'), 'auth', { record: remoteRecord('auth', '1.0.0', { react: '18.3.1' }) });
    const summary = await prerenderEnvironment(options);
    expect(summary.routes.find((route) => route.route === '/signin')).toEqual({
      route: '/signin',
      status: 'client',
      reason: 'auth: refused, it does not fit this shell build: auth: needs react ^18.3.0; the shell provides 19.3.1',
    });
    expect(summary.routes.find((route) => route.route === '/')).toEqual({ route: '/', status: 'prerendered' });
  });

  it('renders again when a pin changes while it renders, so the pages match the final registry', async () => {
    publish(join(root, 'deploy', 'remote-catalog', '1.1.0'), 'catalog');
    const before = readFileSync(options.registryFile, 'utf8');
    registry('/deploy/remote-catalog/1.1.0/mf-manifest.json');
    process.env.FAKE_REPIN = options.registryFile;
    process.env.FAKE_REPIN_REGISTRY = readFileSync(options.registryFile, 'utf8');
    writeFileSync(options.registryFile, before);

    const summary = await prerenderEnvironment(options);
    expect(summary.pins.catalog).toBe('/deploy/remote-catalog/1.1.0/mf-manifest.json');
    expect(prerenderStatus(options)).toEqual(summary.routes);
    expect(readFileSync(join(prerenderDir(options.registryFile), 'index.html'), 'utf8')).toContain('1.1.0');
  });

  // A renderer that hangs meets the timeout whatever it is; one that crashes must crash first, even on
  // a loaded machine where starting its process takes seconds.
  it.each([
    ['hang', 500, /did not finish within 500 ms/],
    ['crash', 60_000, /stopped without answering \(exit code 3\)/],
  ])('leaves every route to the browser, with the reason, when the renderer %ss', async (mode, timeoutMs, reason) => {
    await prerenderEnvironment(options);
    process.env.FAKE_RENDER = mode;
    const summary = await prerenderEnvironment({ ...options, timeoutMs });
    expect(summary.routes).toEqual([{ route: '*', status: 'client', reason: expect.stringMatching(reason) }]);
    expect(existsSync(join(prerenderDir(options.registryFile), 'blog', 'index.html'))).toBe(false);
  });

  it('stops the renderer once it has answered, whatever it left running', async () => {
    process.env.FAKE_RENDER = 'linger';
    process.env.FAKE_PID_FILE = join(root, 'renderer.pid');
    const summary = await prerenderEnvironment(options);
    expect(summary.routes.map((route) => route.status)).toEqual(['prerendered', 'prerendered', 'prerendered']);
    const pid = Number(readFileSync(process.env.FAKE_PID_FILE, 'utf8'));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // Gone once this process has reaped it; left to end on its own, its timer would keep it for ever.
    for (let poll = 0; poll < 250 && alive(); poll += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alive()).toBe(false);
  });

  it('reports a prerender made for another shell build or before a pin changed, as doctor shows it', async () => {
    expect(prerenderStatus(options)).toMatch(/^not prerendered/);
    await prerenderEnvironment(options);
    registry('/deploy/remote-catalog/1.1.0/mf-manifest.json');
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
    expect((await pageOf('/blog'))?.path).toBe(join(prerenderDir(options.registryFile), 'blog', 'index.html'));
    expect(await pageOf('/profile')).toBeUndefined();
    expect(await pageOf('/%2e%2e/%2e%2e/etc')).toBeUndefined();
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
