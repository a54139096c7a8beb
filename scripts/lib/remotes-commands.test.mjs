import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './apps.mjs';
import { sealVersion, sri } from './integrity.mjs';
import { EXPOSES, ROUTE_TABLES, remoteRecord, writeShellRecord } from './compatibility-fixtures.mjs';
import { CliError } from './cli.mjs';
import { list, notPrerenderedLine, rollback, unverifiedLine, use } from './remotes-commands.mjs';
import { doctor } from './remotes-doctor.mjs';
import { connectionStringFor, freePort, useAzurite } from './azurite-test-server.mjs';
import { filesUnder } from './integrity.mjs';
import { withOperators } from './operator-processes.mjs';
import { CONNECTION_STRING_VARIABLE, openStorage } from './storage.mjs';

const PACKAGES = { catalog: 'remote-catalog', auth: 'remote-auth', account: 'remote-account' };

/** A published version of a remote, with the record its build writes into its manifest. */
function publish(
  deployDir,
  remote,
  version,
  {
    exposes = EXPOSES[remote],
    react = '19.3.1',
    strings = ['PAGE_TITLES'],
    entry = true,
    routes = ROUTE_TABLES[remote],
  } = {},
) {
  const dir = join(deployDir, PACKAGES[remote], version);
  mkdirSync(dir, { recursive: true });
  const manifest = {
    metaData: {
      buildInfo: { buildVersion: version, buildHash: `hash-${version}` },
      remoteEntry: { name: 'remoteEntry.js', path: '' },
    },
    exposes: exposes.map((path) => ({ name: path.slice(2), path })),
    compatibility: remoteRecord(remote, version, { exposes, react, strings }),
    ...(routes === null ? {} : { routes }),
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (entry) writeFileSync(join(dir, 'remoteEntry.js'), '/* entry */');
  // As deploy publishes it: every file's digest in the manifest, the manifest's in versions.json.
  const integrity = sealVersion(dir);
  const indexFile = join(deployDir, PACKAGES[remote], 'versions.json');
  const index = existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : { versions: [] };
  index.versions = [...index.versions.filter((item) => item.version !== version), { version, integrity }];
  writeFileSync(indexFile, JSON.stringify(index));
  return integrity;
}

describe('remotes commands', () => {
  let root;
  let deployDir;
  let registryFile;
  let shellDir;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'remotes-cli-'));
    deployDir = join(root, 'deploy');
    registryFile = join(root, 'remotes.staging.json');
    shellDir = join(root, 'shell-dist');
    writeShellRecord(shellDir);
    const digests = Object.fromEntries(
      Object.keys(EXPOSES).map((remote) => [remote, publish(deployDir, remote, '1.0.0')]),
    );
    writeFileSync(
      registryFile,
      JSON.stringify({
        environment: 'staging',
        deployBaseUrl: '/deploy/',
        remotes: Object.fromEntries(
          Object.entries(PACKAGES).map(([remote, pkg]) => [
            remote,
            { entry: `/deploy/${pkg}/1.0.0/mf-manifest.json`, version: '1.0.0', integrity: digests[remote] },
          ]),
        ),
      }),
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const registry = () => JSON.parse(readFileSync(registryFile, 'utf8'));
  const options = () => ({ registryFile, deployDir, shell: shellDir });

  it('pins a published, compatible version and remembers the previous one', async () => {
    const integrity = publish(deployDir, 'catalog', '1.1.0');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
      changed: true,
      previous: '1.0.0',
    });
    expect(registry().remotes.catalog).toEqual({
      entry: '/deploy/remote-catalog/1.1.0/mf-manifest.json',
      version: '1.1.0',
      integrity,
      routes: ROUTE_TABLES.catalog,
      previousVersions: ['1.0.0'],
    });
    expect((await list(options())).find((row) => row.remote === 'catalog')).toMatchObject({
      version: '1.1.0',
      previous: '1.0.0',
    });
  });

  it('rolls back to the previously pinned version, then has nothing left to roll back to', async () => {
    publish(deployDir, 'catalog', '1.1.0');
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

  const history = {
    expose: 'HistoryPage',
    what: 'lịch sử',
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/orders/history', title: 'Lịch sử đơn hàng' }],
  };

  const withHistory = [...EXPOSES.account, './HistoryPage'];

  it("copies a version's routes into its pin; rolling back removes the routes it added", async () => {
    publish(deployDir, 'account', '1.1.0', { routes: [...ROUTE_TABLES.account, history], exposes: withHistory });
    await use({ ...options(), remote: 'account', version: '1.1.0' });
    expect(registry().remotes.account.routes).toEqual([...ROUTE_TABLES.account, history]);
    await rollback({ ...options(), remote: 'account' });
    expect(registry().remotes.account.routes).toEqual(ROUTE_TABLES.account);
    expect(JSON.stringify(registry())).not.toContain('/orders/history');
  });

  it("refuses a version whose routes collide with another pinned remote's, naming the path and both remotes", async () => {
    await use({ ...options(), remote: 'catalog', version: '1.0.0' });
    publish(deployDir, 'account', '1.1.0', {
      routes: [...ROUTE_TABLES.account, { ...history, routes: [{ path: '/blog' }] }],
      exposes: withHistory,
    });
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'account', version: '1.1.0' })).rejects.toThrow(
      'refusing account@1.1.0: path /blog is served by both catalog and account',
    );
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it.each([
    [
      'a path the shell keeps',
      [...ROUTE_TABLES.account, { ...history, routes: [{ path: '/__remotes' }] }],
      'refusing account@1.1.0: path /__remotes of account is kept by the shell',
    ],
    [
      'a layout the shell build does not know',
      [...ROUTE_TABLES.account, { ...history, layout: 'wide' }],
      'refusing account@1.1.0, whose routes the shell build at',
    ],
    [
      'an access rule the shell build does not know',
      [...ROUTE_TABLES.account, { ...history, access: 'admin' }],
      'HistoryPage: access "admin" is unknown to this shell (it knows public, signed-in)',
    ],
    [
      'a malformed route table',
      [{ ...history, routes: [{ path: 'orders' }] }],
      'refusing account@1.1.0, whose route table is malformed: page 1: path "orders" is not a route path',
    ],
    [
      'a route leading out of the pages folder',
      [...ROUTE_TABLES.account, { ...history, routes: [{ path: '/../../../../tmp/x' }] }],
      'refusing account@1.1.0, whose route table is malformed: page 5: path "/../../../../tmp/x" is not a route path: "/" then segments of letters, digits, ".", "_", "~" and "-", none of them "." or ".."',
    ],
    [
      'a manifest without a route table',
      null,
      "refusing account@1.1.0, whose route table is malformed: its manifest has no route table: rebuild it with this repository's build",
    ],
    [
      'routes naming a page its build does not expose',
      [...ROUTE_TABLES.account, history],
      'refusing account@1.1.0, whose routes name ./HistoryPage, which its build does not expose',
    ],
  ])('refuses a version with %s, registry untouched', async (_, routes, message) => {
    await use({ ...options(), remote: 'account', version: '1.0.0' });
    const exposes = message.includes('does not expose') ? EXPOSES.account : withHistory;
    publish(deployDir, 'account', '1.1.0', { routes, exposes });
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'account', version: '1.1.0' })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it.each([
    ['an unpublished version', () => undefined, /is not published/],
    [
      'a version missing an exposed page',
      (dir) => publish(dir, 'catalog', '2.0.0', { exposes: ['./HomePage'] }),
      /does not expose \.\/ListingPage/,
    ],
    [
      'a version built on another React major',
      (dir) => publish(dir, 'catalog', '2.0.0', { react: '18.3.1' }),
      /^catalog: needs react \^18\.3\.0; the shell provides 19\.3\.1$/m,
    ],
    [
      'a version using an export of @devhub/shared the shell build lacks',
      (dir) => publish(dir, 'catalog', '2.0.0', { strings: ['PAGE_TITLES', 'CATALOG_BANNER'] }),
      /^catalog: needs export "CATALOG_BANNER" of @devhub\/shared\/strings; the shell ships @devhub\/shared\/strings 0\.1\.0 without it$/m,
    ],
    [
      'a version whose entry script is gone',
      (dir) => publish(dir, 'catalog', '2.0.0', { entry: false }),
      /remoteEntry\.js has no digest/,
    ],
  ])('refuses %s and leaves the registry untouched', async (_, arrange, message) => {
    arrange(deployDir);
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'catalog', version: '2.0.0' })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it.each([
    ['its manifest', 'mf-manifest.json', /is not the manifest that was pinned/],
    [
      'its entry',
      'remoteEntry.js',
      /^remoteEntry\.js does not match its digest \(manifest sha384-\S+, file sha384-\S+\)$/m,
    ],
  ])('refuses a version whose %s changed after it was published, registry untouched', async (_, file, message) => {
    publish(deployDir, 'catalog', '1.1.0');
    appendFileSync(join(deployDir, 'remote-catalog', '1.1.0', file), '\n');
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it('refuses, fail closed, a version whose index records no digest', async () => {
    publish(deployDir, 'catalog', '1.1.0');
    writeFileSync(
      join(deployDir, 'remote-catalog', 'versions.json'),
      JSON.stringify({ versions: [{ version: '1.1.0' }] }),
    );
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).rejects.toThrow(
      /records no digest for 1\.1\.0/,
    );
  });

  it('doctor reports each pin digest, names a changed file and refuses a pin without a digest', async () => {
    const healthy = await doctor(options());
    expect(healthy.rows.map((row) => [row.integrity, row.digest])).toEqual(
      ['catalog', 'auth', 'account'].map((remote) => [
        'verified',
        sri(readFileSync(join(deployDir, PACKAGES[remote], '1.0.0', 'mf-manifest.json'))),
      ]),
    );
    appendFileSync(join(deployDir, 'remote-catalog', '1.0.0', 'remoteEntry.js'), '\nalert(1)');
    const pinned = registry();
    delete pinned.remotes.auth.integrity;
    writeFileSync(registryFile, JSON.stringify(pinned));
    const { ok, rows } = await doctor(options());
    expect(ok).toBe(false);
    expect(rows.map((row) => row.integrity)).toEqual(['tampered', 'no digest', 'verified']);
    expect(rows[0].problems).toEqual([expect.stringMatching(/^catalog: remoteEntry\.js does not match its digest/)]);
    expect(rows[1].problems).toEqual([expect.stringMatching(/pinned without a digest/)]);
  });

  it('refuses a registry whose routes lead out of the pages folder, in one line, the registry untouched', async () => {
    const pinned = registry();
    pinned.remotes.catalog.routes = [{ ...ROUTE_TABLES.catalog[0], routes: [{ path: '/../../../../tmp/x' }] }];
    writeFileSync(registryFile, JSON.stringify(pinned));
    const before = readFileSync(registryFile, 'utf8');
    const error = await use({ ...options(), remote: 'auth', version: '1.0.0' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect(error.message.split('\n')).toEqual([
      `${registryFile}: "remotes.catalog.routes" is not a route table: page 1: path "/../../../../tmp/x" is not a route path: "/" then segments of letters, digits, ".", "_", "~" and "-", none of them "." or ".."`,
    ]);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  describe('outside the local environment', () => {
    const strip = (...remotes) => {
      const pinned = registry();
      for (const remote of remotes) delete pinned.remotes[remote].integrity;
      writeFileSync(registryFile, JSON.stringify(pinned));
    };

    it('use pins a version with its digest and names every pin still without one', async () => {
      strip('auth', 'account');
      publish(deployDir, 'catalog', '1.1.0');
      await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
        changed: true,
        unverified: ['auth', 'account'],
      });
      await expect(use({ ...options(), remote: 'auth', version: '1.0.0' })).resolves.toMatchObject({
        changed: true,
        unverified: ['account'],
      });
      expect(registry().remotes.auth.integrity).toMatch(/^sha384-/);
      expect(unverifiedLine('account')).toBe(
        'account is pinned without a digest: nothing runs it outside the local environment until "remotes use account <version>" pins it again',
      );
    });

    it('list shows the pins of a new environment, whose pins have no digest yet', async () => {
      strip('catalog', 'auth', 'account');
      expect((await list(options())).map((row) => row.version)).toEqual(['1.0.0', '1.0.0', '1.0.0']);
      expect(notPrerenderedLine(['auth', 'account'])).toBe(
        'public routes not prerendered: auth, account are pinned without a digest; once they are pinned, "remotes prerender" renders them',
      );
    });

    it('doctor fails, one line per pin without a digest, versioned or not', async () => {
      strip('auth');
      const pinned = registry();
      pinned.remotes.account = { entry: '//localhost:3003/mf-manifest.json' };
      writeFileSync(registryFile, JSON.stringify(pinned));
      const { ok, rows } = await doctor({ ...options(), timeoutMs: 500 });
      expect(ok).toBe(false);
      expect(rows.map((row) => row.integrity)).toEqual(['verified', 'no digest', 'no digest']);
      expect(rows[1].problems).toEqual([
        'auth: /deploy/remote-auth/1.0.0/mf-manifest.json is pinned without a digest in the "staging" environment, where nothing runs it: pin it again with "remotes use auth 1.0.0"',
      ]);
      expect(rows[2].problems[0]).toBe(
        'account: //localhost:3003/mf-manifest.json is pinned without a digest in the "staging" environment, where nothing runs it: pin it again with "remotes use account <version>"',
      );
    });

    it('refuses, in one line and the registry untouched, an override allow-list of http or loopback origins', async () => {
      const pinned = registry();
      pinned.allowedOverrideOrigins = ['https://cdn.example', 'http://localhost:3001', 'https://127.0.0.1:3001'];
      writeFileSync(registryFile, JSON.stringify(pinned));
      const before = readFileSync(registryFile, 'utf8');
      publish(deployDir, 'catalog', '1.1.0');
      await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).rejects.toThrow(
        `${registryFile}: "allowedOverrideOrigins" may list only https origins off this machine outside the local environment (refused: http://localhost:3001, https://127.0.0.1:3001)`,
      );
      await expect(doctor(options())).rejects.toThrow('"allowedOverrideOrigins" may list only https origins');
      expect(readFileSync(registryFile, 'utf8')).toBe(before);
    });
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
    publish(deployDir, 'account', '1.0.0', { react: '18.2.0' });
    const { ok, rows } = await doctor(options());
    expect(ok).toBe(false);
    expect(rows.find((row) => row.remote === 'auth')).toMatchObject({ manifest: 'unreachable' });
    expect(rows.find((row) => row.remote === 'account')).toMatchObject({
      manifest: 'ok',
      compatible: 'no (1)',
      integrity: 'tampered',
      problems: [
        expect.stringMatching(/^account: .*1\.0\.0\/mf-manifest\.json is not the manifest that was pinned/),
        'account: needs react ^18.2.0; the shell provides 19.3.1',
      ],
    });
    expect(rows.find((row) => row.remote === 'catalog')?.problems).toEqual([]);
  });

  it('doctor --shell catches a shell build that would break a pinned remote, before it ships', async () => {
    const olderShell = join(root, 'older-shell');
    writeShellRecord(olderShell, { strings: ['SHELL_TEXT'] });
    const { ok, rows } = await doctor({ ...options(), shell: olderShell });
    expect(ok).toBe(false);
    expect(rows.flatMap((row) => row.problems)).toEqual(
      ['catalog', 'auth', 'account'].map(
        (remote) =>
          `${remote}: needs export "PAGE_TITLES" of @devhub/shared/strings; the shell ships @devhub/shared/strings 0.1.0 without it`,
      ),
    );
  });

  it('says how to get the shell build it checks against when there is none', async () => {
    await expect(doctor({ ...options(), shell: join(root, 'no-shell') })).rejects.toThrow(
      /no shell build at .*no-shell \(compatibility.json is missing\): run "npm run build -w shell"/,
    );
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

  it.each(['../../x', '1.0.0/../1.0.0', '../../../../outside/x', 'v1.0.0', '1.0'])(
    'refuses the version "%s", which is not a semver, and leaves the registry untouched',
    async (version) => {
      const before = readFileSync(registryFile, 'utf8');
      await expect(use({ ...options(), remote: 'catalog', version })).rejects.toThrow(
        `"${version}" is not a version: give the semver it was published as (e.g. 1.2.0)`,
      );
      expect(readFileSync(registryFile, 'utf8')).toBe(before);
    },
  );

  it('refuses a registry entry that leads out of the deploy folder', async () => {
    const pinned = registry();
    pinned.remotes.catalog.entry = '/deploy/remote-catalog/1.0.0/../../../outside/mf-manifest.json';
    writeFileSync(registryFile, JSON.stringify(pinned));
    const { rows } = await doctor(options());
    expect(rows.find((row) => row.remote === 'catalog').problems).toEqual([
      expect.stringMatching(/leads out of .*deploy$/),
    ]);
  });

  describe('at the same moment from separate processes', () => {
    const REMOTES = Object.keys(EXPOSES);

    it('keeps all 30 pins of 10 rounds of 3 at once on different remotes', async () => {
      await withOperators(REMOTES.length, async (operators) => {
        for (let round = 1; round <= 10; round += 1) {
          const version = `2.${round}.0`;
          for (const remote of REMOTES) publish(deployDir, remote, version);
          const results = await Promise.all(
            REMOTES.map((remote, index) => operators[index].run('use', { ...options(), remote, version })),
          );
          expect(results.filter((result) => result.code !== 0)).toEqual([]);
          for (const remote of REMOTES) expect(registry().remotes[remote].version).toBe(version);
        }
      });
    });

    it('keeps every pin: on different remotes all of them, on one remote the last with the other as its previous', async () => {
      let expectedPrevious = Object.fromEntries(REMOTES.map((remote) => [remote, '1.0.0']));
      await withOperators(REMOTES.length * 2, async (operators) => {
        for (let round = 1; round <= 3; round += 1) {
          const versions = [`1.${round}.1`, `1.${round}.2`];
          for (const remote of REMOTES) for (const version of versions) publish(deployDir, remote, version);
          const commands = REMOTES.flatMap((remote) => versions.map((version) => ({ ...options(), remote, version })));
          const results = await Promise.all(commands.map((command, index) => operators[index].run('use', command)));
          expect(results.filter((result) => result.code !== 0)).toEqual([]);

          const pins = registry().remotes;
          for (const remote of REMOTES) {
            const pin = pins[remote];
            expect(versions).toContain(pin.version);
            const other = versions.find((version) => version !== pin.version);
            expect(pin.previousVersions.slice(0, 2)).toEqual([other, expectedPrevious[remote]]);
          }
          expectedPrevious = Object.fromEntries(REMOTES.map((remote) => [remote, pins[remote].version]));
        }
      });
      expect(readdirSync(root).filter((name) => name.includes('.lock') || name.endsWith('.tmp'))).toEqual([]);
    });

    it('rolls back one remote while another is pinned, keeping both', async () => {
      publish(deployDir, 'catalog', '1.1.0');
      await use({ ...options(), remote: 'catalog', version: '1.1.0' });
      publish(deployDir, 'auth', '1.1.0');
      const results = await withOperators(2, ([first, second]) =>
        Promise.all([
          first.run('rollback', { ...options(), remote: 'catalog' }),
          second.run('use', { ...options(), remote: 'auth', version: '1.1.0' }),
        ]),
      );
      expect(results.filter((result) => result.code !== 0)).toEqual([]);
      expect(registry().remotes.catalog).toMatchObject({ version: '1.0.0', previousVersions: [] });
      expect(registry().remotes.auth).toMatchObject({ version: '1.1.0', previousVersions: ['1.0.0'] });
    });

    it('takes over a lock left behind by a killed process once it has gone stale', async () => {
      const lock = join(root, '.remotes.staging.json.lock');
      mkdirSync(lock);
      const longAgo = new Date(Date.now() - 60_000);
      utimesSync(lock, longAgo, longAgo);
      publish(deployDir, 'catalog', '1.1.0');
      await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
        changed: true,
      });
      expect(registry().remotes.catalog.version).toBe('1.1.0');
    });
  });

  describe('on Azure Blob Storage (a real Azurite)', () => {
    const REMOTES = Object.keys(EXPOSES);
    let store;
    let run = 0;
    /** What upload() has put in this test's store, by key: a deploy --to only sends what changed. */
    let uploaded;
    // The commands run in child processes too: they take the variable from this process.
    const azurite = useAzurite('remotes');

    /** Copies what publish() wrote on disk to the store, as a deploy --to azblob:// would have. */
    const upload = async () => {
      const storage = openStorage(store);
      for (const file of filesUnder(deployDir)) {
        const key = file.slice(deployDir.length + 1);
        const bytes = readFileSync(file);
        if (uploaded.get(key)?.equals(bytes)) continue;
        uploaded.set(key, bytes);
        if (await storage.createIfAbsent(key, bytes)) continue;
        const stored = await storage.read(key);
        if (!stored.bytes.equals(bytes)) await storage.replaceIfUnchanged(key, bytes, stored.etag);
      }
    };

    beforeEach(async () => {
      run += 1;
      store = `azblob://remotes/run-${run}`;
      uploaded = new Map();
      await upload();
      await openStorage(store).createIfAbsent('remotes.staging.json', readFileSync(registryFile));
    });

    const blobOptions = () => ({ registryFile: `${store}/remotes.staging.json`, shell: shellDir });
    /** Deletes a blob, as a hand or a lifecycle rule on the account would. */
    const deleteBlob = async (key) => {
      const { BlobServiceClient } = await import('@azure/storage-blob');
      const service = BlobServiceClient.fromConnectionString(azurite.current.connectionString);
      await service.getContainerClient('remotes').getBlobClient(`run-${run}/${key}`).delete();
      uploaded.delete(key);
    };
    const stored = async () =>
      JSON.parse((await openStorage(store).read('remotes.staging.json')).bytes.toString('utf8'));

    it('pins, lists and rolls back, reading the versions from the store', async () => {
      const integrity = publish(deployDir, 'catalog', '1.1.0');
      await upload();
      await expect(use({ ...blobOptions(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
        changed: true,
        previous: '1.0.0',
      });
      expect((await stored()).remotes.catalog).toMatchObject({
        version: '1.1.0',
        integrity,
        previousVersions: ['1.0.0'],
      });
      expect((await list(blobOptions())).find((row) => row.remote === 'catalog')).toMatchObject({
        version: '1.1.0',
        previous: '1.0.0',
      });
      await expect(rollback({ ...blobOptions(), remote: 'catalog' })).resolves.toMatchObject({ version: '1.0.0' });
      expect((await stored()).remotes.catalog).toMatchObject({ version: '1.0.0', previousVersions: [] });
      // The registry on this machine was never the one written.
      expect(registry().remotes.catalog.version).toBe('1.0.0');
      expect(registry().remotes.catalog.previousVersions).toBeUndefined();
    });

    it('refuses a version that is not in the store, registry untouched', async () => {
      publish(deployDir, 'catalog', '1.2.0');
      const before = await stored();
      await expect(use({ ...blobOptions(), remote: 'catalog', version: '1.2.0' })).rejects.toThrow(/is not published/);
      expect(await stored()).toEqual(before);
    });

    it('doctor passes the healthy store and names a half-published version', async () => {
      await expect(doctor(blobOptions())).resolves.toMatchObject({ ok: true, unfinished: [] });
      await openStorage(store).createIfAbsent('remote-auth/1.3.0/remoteEntry.js', '/* a deploy that died */');
      await expect(doctor(blobOptions())).resolves.toMatchObject({
        ok: true,
        unfinished: [
          'remote-auth@1.3.0 is half-published (1 file, not in remote-auth/versions.json): no pin can take it; run its deploy again to complete it',
        ],
      });
      await expect(use({ ...blobOptions(), remote: 'auth', version: '1.3.0' })).rejects.toThrow(
        /1\.3\.0\/mf-manifest\.json is not published/,
      );
    });

    it('keeps all 30 pins of 10 rounds of 3 at once from separate processes', async () => {
      await withOperators(REMOTES.length, async (operators) => {
        for (let round = 1; round <= 10; round += 1) {
          const version = `2.${round}.0`;
          for (const remote of REMOTES) publish(deployDir, remote, version);
          await upload();
          const results = await Promise.all(
            REMOTES.map((remote, index) => operators[index].run('use', { ...blobOptions(), remote, version })),
          );
          expect(results.filter((result) => result.code !== 0)).toEqual([]);
          const pins = (await stored()).remotes;
          for (const remote of REMOTES) {
            expect([remote, pins[remote].version, pins[remote].previousVersions[0]]).toEqual([
              remote,
              version,
              round === 1 ? '1.0.0' : `2.${round - 1}.0`,
            ]);
          }
        }
      });
    });

    /** `npm run remotes -- <args>` with the given connection string. */
    const remotesCommand = (args, connectionString) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [join(ROOT, 'scripts/remotes.mjs'), ...args], {
          env: { ...process.env, [CONNECTION_STRING_VARIABLE]: connectionString },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });

    const wrongKey = Buffer.from('a key this account does not have').toString('base64');

    it.each([
      [
        'nothing listens',
        async () => connectionStringFor(await freePort()),
        'remotes',
        /^remotes: the blob storage at http:\/\/127\.0\.0\.1:\d+\/devstoreaccount1 is unreachable \(ECONNREFUSED\): is it running, and is AZURE_STORAGE_CONNECTION_STRING right\?$/,
      ],
      [
        'the credentials are wrong',
        async () => connectionStringFor(azurite.current.port, { key: wrongKey }),
        'remotes',
        /^remotes: the blob storage at \S+ refused the credentials \(HTTP 403 \w+\): check AZURE_STORAGE_CONNECTION_STRING$/,
      ],
      [
        'the container is missing',
        async () => azurite.current.connectionString,
        'nowhere',
        /^remotes: the container "nowhere" does not exist at \S+: create it with "npm run remotes -- init-storage azblob:\/\/nowhere"$/,
      ],
    ])('use says in one line (exit 1) when %s, registry untouched', async (_, connectionString, container, line) => {
      publish(deployDir, 'catalog', '1.1.0');
      await upload();
      const before = await stored();
      const registryUrl = `azblob://${container}/run-${run}/remotes.staging.json`;
      const { code, stderr } = await remotesCommand(
        ['use', 'catalog', '1.1.0', '--registry', registryUrl, '--shell', shellDir],
        await connectionString(),
      );
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(line)]);
      expect(stderr).not.toContain(wrongKey);
      expect(await stored()).toEqual(before);
    });

    it('doctor names a pinned file missing from the store by its blob URL, as use does a missing version', async () => {
      await deleteBlob('remote-catalog/1.0.0/remoteEntry.js');
      const { ok, rows } = await doctor(blobOptions());
      expect(ok).toBe(false);
      const blob = `${store}/remote-catalog/1.0.0/remoteEntry.js`;
      expect(rows.find((row) => row.remote === 'catalog')).toMatchObject({
        manifest: 'ok',
        entry: 'unreachable',
        problems: [`catalog: remoteEntry.js is missing (${blob})`, `catalog: ${blob} does not exist`],
      });
      expect(rows.filter((row) => row.problems.length > 0).map((row) => row.remote)).toEqual(['catalog']);
      await expect(use({ ...blobOptions(), remote: 'auth', version: '1.4.0' })).rejects.toThrow(
        `/deploy/remote-auth/1.4.0/mf-manifest.json is not published (${store}/remote-auth/1.4.0/mf-manifest.json does not exist)`,
      );
    });

    it('doctor --registry azblob://… says which pages next to the registry the preview will not serve, and how to render them', async () => {
      const registryUrl = `${store}/remotes.staging.json`;
      const pages = `${store}/remotes.staging.prerender`;
      const rerender = `run "npm run remotes -- prerender --registry ${registryUrl} --shell ${shellDir}"`;
      const doctorCommand = () =>
        remotesCommand(['doctor', '--registry', registryUrl, '--shell', shellDir], azurite.current.connectionString);

      const none = await doctorCommand();
      expect(none).toMatchObject({ code: 0, stdout: expect.stringContaining('All remotes healthy.') });
      expect(none.stderr.trim()).toBe(
        `⚠ no route is prerendered: not prerendered (${pages} has no prerender.json): ${rerender}`,
      );

      // As a render of these pins writes it: the summary, next to the registry.
      const pins = Object.fromEntries(Object.entries((await stored()).remotes).map(([name, pin]) => [name, pin.entry]));
      const summary = {
        renderedAt: '2026-11-25T10:00:00.000Z',
        pins,
        routes: [
          { route: '/', status: 'prerendered' },
          { route: '/catalog', status: 'client-rendered', reason: 'it needs the browser' },
        ],
      };
      await openStorage(store).createIfAbsent('remotes.staging.prerender/prerender.json', JSON.stringify(summary));
      const current = await doctorCommand();
      expect(current).toMatchObject({
        code: 0,
        stdout: expect.stringContaining(`Prerendered 1 of 2 public routes → ${pages}`),
      });
      expect(current.stderr.trim()).toBe('⚠ /catalog stays client-rendered: it needs the browser');

      publish(deployDir, 'catalog', '1.1.0');
      await upload();
      await use({ ...blobOptions(), remote: 'catalog', version: '1.1.0' });
      await openStorage(store).createIfAbsent('remote-account/1.5.0/remoteEntry.js', '/* a deploy that died */');
      const stale = await doctorCommand();
      expect(stale).toMatchObject({ code: 0, stdout: expect.not.stringContaining('Prerendered') });
      expect(stale.stderr.trim().split('\n')).toEqual(
        [
          'remote-account@1.5.0 is half-published (1 file, not in remote-account/versions.json): no pin can take it; run its deploy again to complete it',
          `no route is prerendered: rendered before catalog changed pin (${summary.renderedAt}): ${rerender}`,
        ].map((line) => `⚠ ${line}`),
      );

      await deleteBlob('remote-catalog/1.1.0/remoteEntry.js');
      const missing = await doctorCommand();
      expect(missing).toMatchObject({ code: 1, stdout: expect.stringContaining('Problems found.') });
      expect(missing.stderr).toContain(
        `✗ catalog: remoteEntry.js is missing (${store}/remote-catalog/1.1.0/remoteEntry.js)`,
      );
      expect(missing.stderr).not.toContain('devhub-versions-');
    });
  });
});
