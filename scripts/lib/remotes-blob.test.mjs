// use, rollback, list and doctor on a registry in a real Azurite: the same commands, read from the store.
import { readFileSync } from 'node:fs';
import { EXPOSES } from '../test/compatibility-fixtures.mjs';
import { list, rollback, use } from './remotes-commands.mjs';
import { doctor } from './remotes-doctor.mjs';
import { connectionStringFor, useAzurite } from '../test/azurite-test-server.mjs';
import { freePort } from '../test/free-port.mjs';
import { filesUnder } from './integrity.mjs';
import { withOperators } from '../test/operator-processes.mjs';
import { publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';
import { runScriptProcess } from '../test/script-process.mjs';
import { CONNECTION_STRING_VARIABLE } from './blob-service.mjs';
import { openStorage } from './storage.mjs';

const workspace = useRemotesWorkspace();
const { registry } = workspace;
let deployDir;
let registryFile;
let shellDir;
beforeEach(() => ({ deployDir, registryFile, shellDir } = workspace.current));

describe('remotes commands on Azure Blob Storage (a real Azurite)', () => {
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
  const stored = async () => JSON.parse((await openStorage(store).read('remotes.staging.json')).bytes.toString('utf8'));

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
    runScriptProcess('scripts/remotes.mjs', args, { [CONNECTION_STRING_VARIABLE]: connectionString });

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
