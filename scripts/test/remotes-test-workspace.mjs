// @ts-check
// The folder the `remotes` command tests work in: three remotes published at 1.0.0 as deploy
// publishes them, a staging registry pinning each with its digest, and a shell build's record.
// A fresh one for every test.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPOSES, ROUTE_TABLES, remoteRecord, writeShellRecord } from './compatibility-fixtures.mjs';
import { sealVersion } from '../lib/integrity.mjs';

/** @typedef {keyof typeof EXPOSES} Remote */

export const PACKAGES = /** @type {const} */ ({
  catalog: 'remote-catalog',
  auth: 'remote-auth',
  account: 'remote-account',
});

/**
 * A published version of a remote, with the record its build writes into its manifest; returns the
 * digest of its manifest, as its versions.json records it.
 *
 * @param {string} deployDir
 * @param {Remote} remote
 * @param {string} version
 * @param {{ exposes?: string[], react?: string, strings?: string[], entry?: boolean, routes?: unknown }} [options]
 */
export function publish(
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
  // A remote of this workspace, or one the registry is to gain (`remote-<name>`, as the CLI publishes it).
  const pkg = /** @type {Record<string, string>} */ (PACKAGES)[remote] ?? `remote-${remote}`;
  const dir = join(deployDir, pkg, version);
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
  const indexFile = join(deployDir, pkg, 'versions.json');
  const index = existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : { versions: [] };
  index.versions = [
    ...index.versions.filter((/** @type {{ version: string }} */ item) => item.version !== version),
    { version, integrity },
  ];
  writeFileSync(indexFile, JSON.stringify(index));
  return integrity;
}

/**
 * For a Jest file: a fresh workspace before each test, removed after it. Read its folders once
 * `beforeEach` has run (a file's own `beforeEach` runs after this one).
 */
export function useRemotesWorkspace() {
  const current = { root: '', deployDir: '', registryFile: '', shellDir: '' };
  // Jest's globals, read from globalThis, as azurite-test-server.mjs does.
  globalThis.beforeEach(() => {
    current.root = mkdtempSync(join(tmpdir(), 'remotes-cli-'));
    current.deployDir = join(current.root, 'deploy');
    current.registryFile = join(current.root, 'remotes.staging.json');
    current.shellDir = join(current.root, 'shell-dist');
    writeShellRecord(current.shellDir);
    const digests = Object.fromEntries(
      Object.keys(PACKAGES).map((remote) => [
        remote,
        publish(current.deployDir, /** @type {Remote} */ (remote), '1.0.0'),
      ]),
    );
    writeFileSync(
      current.registryFile,
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
  globalThis.afterEach(() => rmSync(current.root, { recursive: true, force: true }));
  return {
    current,
    /** The registry as the file holds it now. */
    registry: () => JSON.parse(readFileSync(current.registryFile, 'utf8')),
    /** What every command of these tests is given. */
    options: () => ({ registryFile: current.registryFile, deployDir: current.deployDir, shell: current.shellDir }),
  };
}
