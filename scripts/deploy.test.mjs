import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { CliError } from './lib/cli.mjs';
import { connectionStringFor, freePort, startAzurite, useAzurite } from './lib/azurite-test-server.mjs';
import { ROOT } from './lib/apps.mjs';
import { sealVersion, sri } from './lib/integrity.mjs';
import { CONNECTION_STRING_VARIABLE, openStorage } from './lib/storage.mjs';
import { inside, publishVersion, setSourceMapsAside, sourceMapsDirFor } from './deploy.mjs';

describe("a deploy's source maps", () => {
  let dir;
  const write = (file, text = '') => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'devhub-maps-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('go beside the deploy folder, never in it', () => {
    expect(sourceMapsDirFor('/srv/.deploy')).toBe('/srv/.deploy-sourcemaps');
    expect(sourceMapsDirFor('/srv/cdn/')).toBe('/srv/cdn-sourcemaps');
  });

  it('are moved out of the build, keeping their paths, and the code stays', () => {
    write('build/remoteEntry.js', 'var a=1;');
    write('build/remoteEntry.js.map', '{"version":3}');
    write('build/server/server-remoteEntry.cjs', 'exports.a=1;');
    write('build/server/server-remoteEntry.cjs.map', '{"version":3}');
    write('build/style.css', '.a{}');

    expect(setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toBe(2);
    expect(existsSync(join(dir, 'build/remoteEntry.js.map'))).toBe(false);
    expect(existsSync(join(dir, 'build/server/server-remoteEntry.cjs.map'))).toBe(false);
    expect(readFileSync(join(dir, 'maps/remoteEntry.js.map'), 'utf8')).toBe('{"version":3}');
    expect(existsSync(join(dir, 'maps/server/server-remoteEntry.cjs.map'))).toBe(true);
    expect(readFileSync(join(dir, 'build/remoteEntry.js'), 'utf8')).toBe('var a=1;');
  });

  it('refuse a build whose code still points at a map', () => {
    write('build/remoteEntry.js', 'var a=1;\n//# sourceMappingURL=remoteEntry.js.map');
    expect(() => setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toThrow(
      new CliError(
        'remoteEntry.js references a source map (sourceMappingURL): production builds must use hidden source maps',
      ),
    );
    write('build/remoteEntry.js', 'var a=1;');
    write('build/style.css', '.a{}\n/*# sourceMappingURL=style.css.map */');
    expect(() => setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toThrow(CliError);
  });

  it("let a dependency's own comment inside the code be (it names a map that was never emitted)", () => {
    write('build/server.remoteEntry.cjs', 'var a=1;\n//# sourceMappingURL=browser.cjs.map\nvar b=2;\n');
    expect(setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toBe(0);
  });
});

describe('the paths a deploy builds', () => {
  it('stay inside the deploy folder', () => {
    expect(inside('/srv/.deploy', 'remote-catalog', '1.2.0')).toBe('/srv/.deploy/remote-catalog/1.2.0');
    for (const parts of [['..', 'x'], ['remote-catalog', '../../etc'], ['remote-catalog', '..'], []]) {
      expect(() => inside('/srv/.deploy', ...parts)).toThrow(/leads out of \/srv\/\.deploy: nothing written$/);
    }
  });
});

/** A built, sealed version folder, as deploy has it before publishing. */
function builtVersion(dir, version, { entry = '/* entry */', publishedAt = '2026-01-01T00:00:00.000Z' } = {}) {
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), entry);
  writeFileSync(join(dir, 'static/js/page.0123abcd.js'), '/* page */');
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version, buildHash: `h-${entry.length}`, publishedAt } } }),
  );
  sealVersion(dir);
  return { remote: 'catalog', pkg: 'remote-catalog', version, dir, buildHash: `h-${entry.length}`, publishedAt };
}

describe('publishing a version to a store', () => {
  let dir;
  useAzurite('deploys');
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'devhub-publish-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  let run = 0;
  const stores = [
    ['a folder', () => openStorage(join(dir, 'store'))],
    ['Azure Blob Storage', () => openStorage(`azblob://deploys/run-${(run += 1)}`)],
  ];

  /** Every key of the store and its bytes. */
  const contents = async (storage) =>
    Object.fromEntries(
      await Promise.all(
        (await storage.list()).map(async (key) => [key, (await storage.read(key)).bytes.toString('utf8')]),
      ),
    );

  describe.each(stores)('in %s', (_, open) => {
    it('writes every file and lists the version in the index with its digest', async () => {
      const storage = open();
      const entry = await publishVersion(storage, builtVersion(join(dir, 'a'), '1.0.0'));
      expect(await storage.list()).toEqual([
        'remote-catalog/1.0.0/mf-manifest.json',
        'remote-catalog/1.0.0/remoteEntry.js',
        'remote-catalog/1.0.0/static/js/page.0123abcd.js',
        'remote-catalog/versions.json',
      ]);
      const index = JSON.parse((await storage.read('remote-catalog/versions.json')).bytes.toString('utf8'));
      expect(index.versions).toEqual([entry]);
      expect(entry.integrity).toBe(sri(readFileSync(join(dir, 'a/mf-manifest.json'))));
    });

    it('refuses a second publish of the version with other bytes at its manifest, the stored bytes unchanged', async () => {
      const storage = open();
      await publishVersion(storage, builtVersion(join(dir, 'a'), '1.0.0'));
      const before = await contents(storage);
      await expect(
        publishVersion(storage, builtVersion(join(dir, 'b'), '1.0.0', { entry: '/* other */' })),
      ).rejects.toThrow(
        /^remote-catalog@1\.0\.0 is already published at \S+remote-catalog\/1\.0\.0\/mf-manifest\.json with other bytes; published versions are immutable: bump the version in package\.json$/,
      );
      expect(await contents(storage)).toEqual(before);
    });

    it('completes a half-published version when its files are the same bytes, and only then', async () => {
      const storage = open();
      const first = builtVersion(join(dir, 'a'), '1.0.0');
      // A deploy that died after its first file: the same build retried later (another publish date).
      await storage.createIfAbsent('remote-catalog/1.0.0/remoteEntry.js', readFileSync(join(dir, 'a/remoteEntry.js')));
      await storage.createIfAbsent(
        'remote-catalog/1.0.0/mf-manifest.json',
        readFileSync(join(dir, 'a/mf-manifest.json')),
      );
      const retry = builtVersion(join(dir, 'b'), '1.0.0', { publishedAt: '2026-02-02T00:00:00.000Z' });
      const entry = await publishVersion(storage, retry);
      expect(entry).toMatchObject({ version: '1.0.0', publishedAt: first.publishedAt });
      expect((await storage.read('remote-catalog/1.0.0/mf-manifest.json')).bytes).toEqual(
        readFileSync(join(dir, 'a/mf-manifest.json')),
      );
      expect(await storage.list('remote-catalog/')).toHaveLength(4);

      await storage.createIfAbsent('remote-catalog/2.0.0/remoteEntry.js', '/* what another build wrote */');
      const before = await contents(storage);
      await expect(publishVersion(storage, builtVersion(join(dir, 'c'), '2.0.0'))).rejects.toThrow('with other bytes');
      expect(await contents(storage)).toEqual(before);
    });

    it.each([
      [
        'points the same files elsewhere',
        (manifest) => ({ ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://evil.example/' } }),
      ],
      ['exposes another page', (manifest) => ({ ...manifest, exposes: [{ name: 'EvilPage', path: './EvilPage' }] })],
      [
        'lists other routes',
        (manifest) => ({ ...manifest, routes: [{ expose: 'EvilPage', routes: [{ path: '/signin' }] }] }),
      ],
    ])(
      'refuses a half-published manifest with the same digests that %s, in one line, the store unchanged',
      async (_, tamper) => {
        const storage = open();
        builtVersion(join(dir, 'a'), '1.0.0');
        const planted = tamper(JSON.parse(readFileSync(join(dir, 'a/mf-manifest.json'), 'utf8')));
        await storage.createIfAbsent('remote-catalog/1.0.0/mf-manifest.json', JSON.stringify(planted));
        const before = await contents(storage);
        const retry = builtVersion(join(dir, 'b'), '1.0.0', { publishedAt: '2026-02-02T00:00:00.000Z' });
        const error = await publishVersion(storage, retry).catch((caught) => caught);
        expect(error).toBeInstanceOf(CliError);
        expect(error.message).toMatch(
          /^remote-catalog@1\.0\.0 is already published at \S+remote-catalog\/1\.0\.0\/mf-manifest\.json with other bytes; published versions are immutable: bump the version in package\.json$/,
        );
        expect(await contents(storage)).toEqual(before);
      },
    );
  });
});

/** Runs `npm run deploy -- <args>` as a command, with the given connection string. */
function deployCommand(args, connectionString) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/deploy.mjs'), ...args], {
      env: { ...process.env, [CONNECTION_STRING_VARIABLE]: connectionString },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('deploy --to azblob://… when the store cannot be used: one line, exit 1, before building', () => {
  let azurite;
  beforeAll(async () => {
    azurite = await startAzurite();
  });
  afterAll(() => azurite?.stop());

  const wrongKey = Buffer.from('a key this account does not have').toString('base64');

  it.each([
    [
      'nothing listens',
      async () => connectionStringFor(await freePort()),
      /^deploy: the blob storage at http:\/\/127\.0\.0\.1:\d+\/devstoreaccount1 is unreachable \(ECONNREFUSED\): is it running, and is AZURE_STORAGE_CONNECTION_STRING right\?$/,
    ],
    [
      'the credentials are wrong',
      async () => connectionStringFor(azurite.port, { key: wrongKey }),
      /^deploy: the blob storage at \S+ refused the credentials \(HTTP 403 \w+\): check AZURE_STORAGE_CONNECTION_STRING$/,
    ],
    [
      'the container is missing',
      async () => azurite.connectionString,
      /^deploy: the container "nowhere" does not exist at \S+: create it with "npm run remotes -- init-storage azblob:\/\/nowhere"$/,
    ],
  ])('%s', async (_, connectionString, line) => {
    const { code, stdout, stderr } = await deployCommand(
      ['catalog', '--to', 'azblob://nowhere/team', '--source-maps', join(tmpdir(), 'devhub-unused-maps')],
      await connectionString(),
    );
    expect(code).toBe(1);
    expect(stdout).not.toMatch(/Building/);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(line)]);
    expect(stderr).not.toContain(wrongKey);
  });
});
