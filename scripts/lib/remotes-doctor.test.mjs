// doctor on a registry in a folder: each pin's digest and files, the shell it needs, a remote down.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sri } from './integrity.mjs';
import { writeShellRecord } from '../test/compatibility-fixtures.mjs';
import { use } from './remotes-commands.mjs';
import { doctor } from './remotes-doctor.mjs';
import { PACKAGES, publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';

const workspace = useRemotesWorkspace();
const { registry, options } = workspace;
let root;
let deployDir;
let registryFile;
beforeEach(() => ({ root, deployDir, registryFile } = workspace.current));

describe('remotes doctor', () => {
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
});
