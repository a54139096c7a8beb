import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRegistry } from '@devhub/contracts/registry';
import { sealVersion } from './integrity.mjs';
import { countingServer, prerenderFixture, publish } from '../test/prerender-fixtures.mjs';
import { prerenderDir, prerenderEnvironment } from './prerender.mjs';

describe('what a prerender runs, and what it writes', () => {
  /** @type {ReturnType<typeof prerenderFixture>} */
  let fixture;
  let root;
  let options;
  beforeEach(() => {
    fixture = prerenderFixture();
    ({ root, options } = fixture);
  });
  afterEach(() => fixture.remove());

  describe('a version read over HTTP', () => {
    const version = () => join(root, 'served', 'remote-catalog', '1.0.0');
    /** @type {Awaited<ReturnType<typeof countingServer>>} */
    let server;
    let integrity;
    beforeEach(async () => {
      publish(version(), 'catalog');
      // Its page comes from a chunk the entry requires, as a server build's pages do.
      writeFileSync(join(version(), 'server.remoteEntry.cjs'), "module.exports = require('./server.page.cjs');\n");
      writeFileSync(join(version(), 'server.page.cjs'), "module.exports = { page: 'as hashed' };\n");
      integrity = sealVersion(version());
      // A server that sends other code to whoever asks a second time.
      server = await countingServer((path, count) => {
        const file = join(root, 'served', ...path.split('/').filter(Boolean));
        if (!existsSync(file)) return { status: 404 };
        if (count > 1 && path.endsWith('.cjs')) return { body: "module.exports = { page: 'swapped' };\n" };
        return { body: readFileSync(file) };
      });
      fixture.registry({ entry: `${server.url}/remote-catalog/1.0.0/mf-manifest.json`, version: '1.0.0', integrity });
    });
    afterEach(() => server.close());

    it('is fetched once, file by file, and run exactly as hashed', async () => {
      const summary = await prerenderEnvironment(options);
      expect(summary.routes.map((route) => route.status)).toEqual(['prerendered', 'prerendered', 'prerendered']);
      expect(Object.fromEntries(server.counts)).toEqual({
        '/remote-catalog/1.0.0/mf-manifest.json': 1,
        '/remote-catalog/1.0.0/server.remoteEntry.cjs': 1,
        '/remote-catalog/1.0.0/server.page.cjs': 1,
      });
      const home = readFileSync(join(prerenderDir(options.registryFile), 'index.html'), 'utf8');
      expect(home).toContain(`/ as hashed from file:`);
      expect(home).toContain(`at ${server.url}/remote-catalog/1.0.0/, verified</div>`);

      // The next render reads it again, once, gets the other bytes, and runs none of them.
      const again = await prerenderEnvironment(options);
      expect(again.routes[0]).toEqual({
        route: '/',
        status: 'client',
        reason: expect.stringMatching(
          /^catalog: refused, its server build is not the one pinned: server\.(remoteEntry|page)\.cjs does not match its digest/,
        ),
      });
      expect([...server.counts.values()]).toEqual([2, 2, 2]);
    });
  });

  it('refuses, outside the local environment, a pin without its digest, and reads nothing of it', async () => {
    const server = await countingServer(() => ({ status: 404 }));
    try {
      const raw = {
        environment: 'staging',
        remotes: {
          catalog: { entry: `${server.url}/remote-catalog/1.0.0/mf-manifest.json`, version: '1.0.0' },
          auth: { entry: '//localhost:3002/mf-manifest.json', integrity: sealVersion(join(root, 'auth-dist')) },
          account: { entry: '//localhost:3003/mf-manifest.json', integrity: `sha384-${'A'.repeat(64)}` },
        },
      };
      writeFileSync(options.registryFile, JSON.stringify(raw));
      delete raw.remotes.catalog.version;
      writeFileSync(join(root, 'bare.json'), JSON.stringify(raw));
      for (const registryFile of [options.registryFile, join(root, 'bare.json')]) {
        const summary = await prerenderEnvironment({ ...options, registryFile });
        // The registry's own rule refuses the pin first (contracts/src/registry.js): nothing renders it.
        if (validateRegistry(JSON.parse(readFileSync(registryFile, 'utf8'))).refused.catalog) {
          expect(summary.routes.slice(0, 2)).toEqual([
            { route: '/', status: 'client', reason: 'catalog has no server build in this version' },
            { route: '/blog', status: 'client', reason: 'catalog has no server build in this version' },
          ]);
          expect(summary.routes[2]).toMatchObject({ route: '/signin', status: 'prerendered' });
          continue;
        }
        expect(summary.routes.slice(0, 2)).toEqual([
          {
            route: '/',
            status: 'client',
            reason: expect.stringMatching(
              /^catalog: .* has no pinned digest \(integrity\): nothing unverified runs outside the local environment/,
            ),
          },
          { route: '/blog', status: 'client', reason: expect.stringMatching(/has no pinned digest/) },
        ]);
        expect(summary.routes[2]).toMatchObject({ route: '/signin', status: 'prerendered' });
      }
      expect(server.counts.size).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('writes no page outside its folder, whatever route the renderer sends back', async () => {
    const outside = `devhub-escape-${process.pid}-${Date.now()}`;
    const sent = [
      '/../../../../tmp/x',
      '/../escaped',
      `/${'../'.repeat(12)}${tmpdir().slice(1)}/${outside}`,
      '/prerender.json',
      42,
      '/blog',
    ];
    const tmpX = existsSync('/tmp/x/index.html');
    fixture.renderer({ routes: sent });
    const summary = await prerenderEnvironment(options);
    const refused = 'the renderer sent back no route path of this site';
    expect(summary.routes).toEqual([
      { route: '/', status: 'prerendered', files: expect.any(Object) },
      { route: '/blog', status: 'prerendered', files: expect.any(Object) },
      { route: '/signin', status: 'prerendered', files: expect.any(Object) },
      { route: '"/../../../../tmp/x"', status: 'client', reason: refused },
      { route: '"/../escaped"', status: 'client', reason: refused },
      { route: expect.stringContaining(outside), status: 'client', reason: refused },
      { route: '"/prerender.json"', status: 'client', reason: refused },
      { route: '"42"', status: 'client', reason: refused },
      { route: '/blog', status: 'client', reason: 'the renderer sent this route twice: only its first page is kept' },
    ]);
    expect(existsSync(join(root, 'escaped'))).toBe(false);
    expect(existsSync(join(tmpdir(), outside))).toBe(false);
    expect(existsSync('/tmp/x/index.html')).toBe(tmpX);
    expect(readdirSync(root).sort()).toEqual(
      [
        'auth-dist',
        'deploy',
        'dist-server',
        'remotes.json',
        'remotes.prerender',
        'remotes.prerender.generations',
        'shell',
      ].sort(),
    );
    const out = prerenderDir(options.registryFile);
    expect(JSON.parse(readFileSync(join(out, 'prerender.json'), 'utf8')).routes).toEqual(summary.routes);
    expect(readFileSync(join(out, 'blog', 'index.html'), 'utf8')).toContain('/blog catalog 1.0.0 from');
  });

  it('says why the render failed in one line: its message, no stack, no path of this machine', async () => {
    fixture.renderer({ mode: 'throw' });
    const summary = await prerenderEnvironment(options);
    expect(summary.routes).toEqual([
      { route: '*', status: 'client', reason: 'the renderer failed: the renderer broke in <shell server>/server.cjs' },
    ]);
    expect(readFileSync(join(prerenderDir(options.registryFile), 'prerender.json'), 'utf8')).not.toContain(root);
  });
});
