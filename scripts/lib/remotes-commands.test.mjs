import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doctor, list, rollback, use } from './remotes-commands.mjs';

const shell = new Map([
  ['react', { version: '19.3.1', requiredVersion: '^19.2.0' }],
  ['@devhub/shared', { version: '0.1.0', requiredVersion: '^0.1.0' }],
]);

const EXPOSES = {
  'remote-catalog': ['./HomePage', './ListingPage'],
  'remote-auth': ['./SignInPage', './SignUpPage'],
  'remote-account': ['./ProfilePage', './RepoPage', './CartPage', './SettingPage'],
};

function publish(deployDir, pkg, version, { exposes = EXPOSES[pkg], react = '19.3.1', entry = true } = {}) {
  const dir = join(deployDir, pkg, version);
  mkdirSync(dir, { recursive: true });
  const manifest = {
    metaData: {
      buildInfo: { buildVersion: version, buildHash: `hash-${version}` },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
    },
    exposes: exposes.map((path) => ({ name: path.slice(2), path })),
    shared: [{ name: 'react', version: react, requiredVersion: `^${react}`, singleton: true }],
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (entry) writeFileSync(join(dir, 'remoteEntry.js'), '/* entry */');
}

describe('remotes commands', () => {
  let root;
  let deployDir;
  let registryFile;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'remotes-cli-'));
    deployDir = join(root, 'deploy');
    registryFile = join(root, 'remotes.staging.json');
    for (const pkg of Object.keys(EXPOSES)) publish(deployDir, pkg, '1.0.0');
    writeFileSync(
      registryFile,
      JSON.stringify({
        environment: 'staging',
        deployBaseUrl: '/deploy/',
        remotes: {
          catalog: { entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json', version: '1.0.0' },
          auth: { entry: '/deploy/remote-auth/1.0.0/mf-manifest.json', version: '1.0.0' },
          account: { entry: '/deploy/remote-account/1.0.0/mf-manifest.json', version: '1.0.0' },
        },
      }),
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const registry = () => JSON.parse(readFileSync(registryFile, 'utf8'));
  const options = () => ({ registryFile, deployDir, shell });

  it('pins a published, compatible version and remembers the previous one', async () => {
    publish(deployDir, 'remote-catalog', '1.1.0');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
      changed: true,
      previous: '1.0.0',
    });
    expect(registry().remotes.catalog).toEqual({
      entry: '/deploy/remote-catalog/1.1.0/mf-manifest.json',
      version: '1.1.0',
      previousVersions: ['1.0.0'],
    });
    expect(list(options()).find((row) => row.remote === 'catalog')).toMatchObject({
      version: '1.1.0',
      previous: '1.0.0',
    });
  });

  it('rolls back to the previously pinned version, then has nothing left to roll back to', async () => {
    publish(deployDir, 'remote-catalog', '1.1.0');
    await use({ ...options(), remote: 'catalog', version: '1.1.0' });
    await expect(rollback({ ...options(), remote: 'catalog' })).resolves.toMatchObject({
      version: '1.0.0',
      from: '1.1.0',
    });
    expect(registry().remotes.catalog).toMatchObject({ version: '1.0.0', previousVersions: [] });
    await expect(rollback({ ...options(), remote: 'catalog' })).rejects.toThrow(
      'catalog has no previously pinned version to roll back to',
    );
  });

  it.each([
    ['an unpublished version', () => undefined, /is not published/],
    [
      'a version missing an exposed page',
      (dir) => publish(dir, 'remote-catalog', '2.0.0', { exposes: ['./HomePage'] }),
      /does not expose \.\/ListingPage/,
    ],
    [
      'a version built on another React major',
      (dir) => publish(dir, 'remote-catalog', '2.0.0', { react: '18.3.1' }),
      /react: built with 18.3.1.*different major/,
    ],
    [
      'a version whose entry script is gone',
      (dir) => publish(dir, 'remote-catalog', '2.0.0', { entry: false }),
      /remoteEntry.js does not exist/,
    ],
  ])('refuses %s and leaves the registry untouched', async (_, arrange, message) => {
    arrange(deployDir);
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'catalog', version: '2.0.0' })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it('refuses unknown remotes and a missing version', async () => {
    await expect(use({ ...options(), remote: 'billing', version: '1.0.0' })).rejects.toThrow(
      'unknown remote "billing"',
    );
    await expect(use({ ...options(), remote: 'catalog' })).rejects.toThrow('which version?');
  });

  it('doctor passes a healthy environment and reports each problem', async () => {
    await expect(doctor(options())).resolves.toMatchObject({ ok: true });
    rmSync(join(deployDir, 'remote-auth'), { recursive: true });
    publish(deployDir, 'remote-account', '1.0.0', { react: '18.2.0' });
    const { ok, rows } = await doctor(options());
    expect(ok).toBe(false);
    expect(rows.find((row) => row.remote === 'auth')).toMatchObject({ manifest: 'unreachable' });
    expect(rows.find((row) => row.remote === 'account')).toMatchObject({ manifest: 'ok', shared: '1 incompatible' });
    expect(rows.find((row) => row.remote === 'catalog')?.problems).toEqual([]);
  });

  it('doctor reports an HTTP remote that does not answer in time', async () => {
    const file = join(root, 'remotes.json');
    writeFileSync(
      file,
      JSON.stringify({
        remotes: {
          catalog: { entry: 'http://127.0.0.1:9/mf-manifest.json' },
          auth: { entry: '/deploy/remote-auth/1.0.0/mf-manifest.json' },
          account: { entry: '/deploy/remote-account/1.0.0/mf-manifest.json' },
        },
      }),
    );
    const { ok, rows } = await doctor({ ...options(), registryFile: file, timeoutMs: 500 });
    expect(ok).toBe(false);
    expect(rows[0].problems[0]).toMatch(/http:\/\/127.0.0.1:9\/mf-manifest.json is unreachable/);
  });
});
