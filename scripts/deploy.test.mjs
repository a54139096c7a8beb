import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { connectionStringFor, startAzurite, useAzurite } from './test/azurite-test-server.mjs';
import { freePort } from './test/free-port.mjs';
import { filesUnder, sri } from './lib/integrity.mjs';
import { CONNECTION_STRING_VARIABLE } from './lib/blob-service.mjs';
import { openStorage } from './lib/storage.mjs';
import { runScriptProcess } from './test/script-process.mjs';
import { inside, sourceMapsDirFor } from './lib/deploy-remote.mjs';

describe('the paths a deploy builds', () => {
  it('put the source maps beside the deploy folder, never in it', () => {
    expect(sourceMapsDirFor('/srv/.deploy')).toBe('/srv/.deploy-sourcemaps');
    expect(sourceMapsDirFor('/srv/cdn/')).toBe('/srv/cdn-sourcemaps');
  });

  it('stay inside the deploy folder', () => {
    expect(inside('/srv/.deploy', 'remote-catalog', '1.2.0')).toBe('/srv/.deploy/remote-catalog/1.2.0');
    for (const parts of [['..', 'x'], ['remote-catalog', '../../etc'], ['remote-catalog', '..'], []]) {
      expect(() => inside('/srv/.deploy', ...parts)).toThrow(/leads out of \/srv\/\.deploy: nothing written$/);
    }
  });
});

/** Runs `npm run deploy -- <args>` as a command, with the given connection string. */
function deployCommand(args, connectionString = '') {
  return runScriptProcess('scripts/deploy.mjs', args, { [CONNECTION_STRING_VARIABLE]: connectionString });
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

/** A remote's production build as `npm run build` leaves it: code, a source map, its manifest. */
function fakeBuild(dir, { name = 'catalog', version = '1.3.0' } = {}) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${name} ${version} */`);
  writeFileSync(join(dir, 'remoteEntry.js.map'), '{"version":3}');
  writeFileSync(join(dir, 'server.remoteEntry.cjs'), 'exports.a = 1;');
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { name, buildInfo: { buildVersion: version, buildName: `remote-${name}` } } }),
  );
  return dir;
}

/** Every file below `dir` and its bytes. */
const snapshot = (dir) => Object.fromEntries(filesUnder(dir).map((file) => [file, readFileSync(file, 'utf8')]));

describe('deploy of a build already made (--dist, --no-build)', () => {
  const azurite = useAzurite('built');
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'devhub-deploy-built-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('--dist publishes the build as the version it was built at, sealed, its maps beside, the build left as it is', async () => {
    const build = fakeBuild(join(dir, 'dist'));
    const before = snapshot(build);
    const { code, stdout, stderr } = await deployCommand(['catalog', '--dist', build, '--to', join(dir, 'cdn')]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/Building/);
    expect(stdout).toContain(`Publishing the build in ${build} as remote-catalog@1.3.0`);

    const published = join(dir, 'cdn/remote-catalog/1.3.0');
    expect(readdirSync(published).sort()).toEqual(['mf-manifest.json', 'remoteEntry.js', 'server.remoteEntry.cjs']);
    expect(readFileSync(join(dir, 'cdn-sourcemaps/remote-catalog/1.3.0/remoteEntry.js.map'), 'utf8')).toBe(
      '{"version":3}',
    );
    const manifestBytes = readFileSync(join(published, 'mf-manifest.json'));
    const { metaData } = JSON.parse(manifestBytes.toString('utf8'));
    expect(metaData.buildInfo).toMatchObject({
      buildVersion: '1.3.0',
      buildHash: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    expect(Object.keys(metaData.integrity).sort()).toEqual(['remoteEntry.js', 'server.remoteEntry.cjs']);
    const index = JSON.parse(readFileSync(join(dir, 'cdn/remote-catalog/versions.json'), 'utf8'));
    expect(index.versions).toEqual([expect.objectContaining({ version: '1.3.0', integrity: sri(manifestBytes) })]);
    expect(snapshot(build)).toEqual(before);

    const again = await deployCommand(['catalog', '--dist', build, '--to', join(dir, 'cdn')]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^deploy: remote-catalog@1\.3\.0 is already published at /);
  });

  it("--no-build publishes the dist/ of the remote's folder at the version its package.json says", async () => {
    const source = join(dir, 'remote-catalog');
    fakeBuild(join(source, 'dist'), { version: '2.0.0' });
    writeFileSync(join(source, 'package.json'), JSON.stringify({ name: 'remote-catalog', version: '2.0.0' }));
    const { code, stdout } = await deployCommand([
      'catalog',
      '--no-build',
      '--source',
      source,
      '--to',
      join(dir, 'cdn'),
    ]);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/Building/);
    expect(existsSync(join(dir, 'cdn/remote-catalog/2.0.0/remoteEntry.js'))).toBe(true);
  });

  it('--dist publishes to object storage as a build made there would be, its maps beside', async () => {
    const build = fakeBuild(join(dir, 'dist'), { version: '1.4.0' });
    const { code, stdout, stderr } = await deployCommand(
      ['catalog', '--dist', build, '--to', 'azblob://built/team', '--source-maps', join(dir, 'maps')],
      azurite.current.connectionString,
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/Building/);
    const storage = openStorage('azblob://built/team');
    expect(await storage.list('remote-catalog/')).toEqual([
      'remote-catalog/1.4.0/mf-manifest.json',
      'remote-catalog/1.4.0/remoteEntry.js',
      'remote-catalog/1.4.0/server.remoteEntry.cjs',
      'remote-catalog/versions.json',
    ]);
    expect(existsSync(join(dir, 'maps/remote-catalog/1.4.0/remoteEntry.js.map'))).toBe(true);
  });

  it.each([
    [
      '--dist and --source together',
      (build) => ['--dist', build, '--source', dir],
      /^deploy: --dist names a build to publish, --source a folder to build: give one of them \(see --help\)$/,
    ],
    [
      'a folder without a build',
      () => ['--dist', dir],
      /^deploy: \S+ holds no build \(no mf-manifest\.json\): run "npm run build -w remote-catalog" first$/,
    ],
    [
      "another remote's build",
      () => ['--dist', fakeBuild(join(dir, 'auth'), { name: 'auth' })],
      /^deploy: \S+ is a build of "auth", not of catalog$/,
    ],
    [
      'a dist/ built before package.json was bumped (--no-build)',
      (build) => {
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'remote-catalog', version: '1.4.0' }));
        return ['--no-build', '--source', dirname(build)];
      },
      /^deploy: \S+\/dist was built as remote-catalog@1\.3\.0, but \S+\/package\.json says 1\.4\.0: build it again \("npm run build -w remote-catalog"\)$/,
    ],
  ])('refuses %s in one line, publishing nothing', async (_, args, line) => {
    const build = fakeBuild(join(dir, 'dist'));
    const { code, stdout, stderr } = await deployCommand(['catalog', ...args(build), '--to', join(dir, 'cdn')]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(line)]);
    expect(existsSync(join(dir, 'cdn', 'remote-catalog'))).toBe(false);
  });

  it('--help names both ways', async () => {
    const { code, stdout } = await deployCommand(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--no-build +publish the remote's dist\//);
    expect(stdout).toMatch(/--dist <dir> +publish the build in <dir>/);
  });
});
