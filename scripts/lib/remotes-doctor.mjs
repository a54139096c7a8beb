// @ts-check
// `npm run remotes -- doctor`: every pinned remote of an environment checked against the shell
// build serving it (or a new one, before it ships): its bytes against its digest, its fit, its
// entry script, and the pins nothing runs for want of a digest. One row per remote, one line per problem.
import { checkCompatibility, describeProblem, MANIFEST_RECORD_KEY } from '@devhub/contracts/compatibility';
import { LOCAL_ENVIRONMENT, describeRegistryProblem } from '@devhub/contracts/registry';
import { join } from 'node:path';
import { checkManifestDigest, checkVersionFiles } from './integrity.mjs';
import { checkEntryScript, loadManifest, loadShellRecord } from './manifest.mjs';
import { packageOf, readRegistryAt } from './registry-file.mjs';
import { openStorage } from './storage.mjs';
import { deploySourceOf, withVersionsOnDisk } from './storage-mirror.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

const DEFAULT_DEPLOY_DIR = join(WORKSPACE_ROOT, '.deploy');

/**
 * Why `doctor` fails a pin without a digest, as one line: outside the local environment every pin
 * needs one, and a published version anywhere (nothing would run it: fail closed). None: a dev
 * server's entry in the local environment, which has nothing to be checked against.
 *
 * @param {string} remote
 * @param {import('@devhub/contracts/registry').RegistryPin | undefined} pin
 * @param {string} environment
 */
function missingDigest(remote, pin, environment) {
  if (!pin || pin.integrity) return undefined;
  const again = `pin it again with "remotes use ${remote} ${pin.version ?? '<version>'}"`;
  if (environment !== LOCAL_ENVIRONMENT)
    return `${remote}: ${pin.entry} is pinned without a digest in the "${environment}" environment, where nothing runs it: ${again}`;
  return pin.version ? `${remote}: ${pin.entry} is pinned without a digest: ${again}` : undefined;
}

/**
 * What `doctor` says of a pin's bytes: `verified` (the manifest is the pinned one, every file it
 * lists has its recorded bytes), `tampered`, `no digest` (missingDigest says why) or `unpinned` (a
 * dev server's entry in the local environment, never checked).
 *
 * @param {string} remote
 * @param {import('@devhub/contracts/registry').RegistryPin | undefined} pin
 * @param {import('./manifest.mjs').Manifest} manifest
 * @param {string} location
 * @param {Uint8Array} bytes
 * @param {string[]} problems  receives one line per file that differs
 * @param {number | undefined} timeoutMs
 */
async function integrityOf(remote, pin, manifest, location, bytes, problems, timeoutMs) {
  if (!pin?.integrity) return 'unpinned';
  try {
    checkManifestDigest(bytes, pin.integrity, location);
  } catch (error) {
    problems.push(`${remote}: ${error instanceof Error ? error.message : String(error)}`);
    return 'tampered';
  }
  const tampered = await checkVersionFiles(manifest, location, timeoutMs === undefined ? {} : { timeoutMs });
  problems.push(...tampered.map((line) => `${remote}: ${line}`));
  return tampered.length === 0 ? 'verified' : 'tampered';
}

/**
 * Checks every pinned remote of the environment against its shell build (or a new shell build,
 * before it ships): one row per remote, one line per problem.
 *
 * @param {import('./remotes-commands.mjs').CommandOptions} options
 */
export async function doctor(options) {
  const { registry, refused } = await readRegistryAt(options.registryFile, { acceptUnverified: true });
  const source = deploySourceOf(options);
  const pinned = Object.entries(registry.remotes).flatMap(([remote, pin]) =>
    pin.version ? [{ pkg: packageOf(remote), version: pin.version }] : [],
  );
  const unfinished = await unfinishedVersions(source, Object.keys(registry.remotes).map(packageOf));
  return withVersionsOnDisk(source, pinned, async (deployDir, named) => {
    const { rows, ok, ...rest } = await doctorOnDisk(registry, { ...options, deployDir });
    const refusedRows = Object.entries(refused).map(([remote, { problems }]) => refusedRow(remote, problems));
    return {
      ...rest,
      ok: ok && refusedRows.length === 0,
      // A pinned file missing from a store is named by its blob, not by the temporary copy.
      rows: [...rows.map((row) => ({ ...row, problems: row.problems.map(named) })), ...refusedRows],
      unfinished,
    };
  });
}

/**
 * The versions a deploy began and did not finish: files published under `<package>/<version>/`
 * that the remote's version index does not list. No pin can take them (a pin needs the digest the
 * index records); the same deploy run again completes them if its files are the same bytes.
 *
 * @param {string | undefined} deployDir
 * @param {string[]} packages  the packages of the environment's remotes
 * @returns {Promise<string[]>}  one line each
 */
export async function unfinishedVersions(deployDir, packages) {
  const storage = openStorage(deployDir ?? DEFAULT_DEPLOY_DIR);
  /** @type {string[]} */
  const lines = [];
  for (const pkg of packages) {
    const keys = await storage.list(`${pkg}/`);
    const index = await storage.read(`${pkg}/versions.json`);
    /** @type {Set<unknown>} */
    let listed = new Set();
    try {
      /** @type {{ versions?: Array<{ version?: unknown }> }} */
      const parsed = JSON.parse(index?.bytes.toString('utf8') ?? '{}');
      listed = new Set((parsed.versions ?? []).map((item) => item?.version));
    } catch {
      // An unreadable index lists nothing: every version it should list is reported.
    }
    /** @type {Map<string, number>} */
    const files = new Map();
    for (const key of keys) {
      const version = key.split('/')[1] ?? '';
      if (key.split('/').length > 2) files.set(version, (files.get(version) ?? 0) + 1);
    }
    for (const [version, count] of files) {
      if (!listed.has(version)) {
        lines.push(
          `${pkg}@${version} is half-published (${count} file${count === 1 ? '' : 's'}, not in ${pkg}/versions.json): no pin can take it; run its deploy again to complete it`,
        );
      }
    }
  }
  return lines;
}

/**
 * The row of a pin the registry refuses: nothing runs it, so nothing of it is checked further.
 *
 * @param {string} remote
 * @param {import('@devhub/contracts/registry').RegistryProblem[]} problems
 */
function refusedRow(remote, problems) {
  const row = { remote, version: '-', manifest: '-', compatible: '-', entry: '-', integrity: '-', digest: '-' };
  return { ...row, problems: problems.map((problem) => `${remote}: ${describeRegistryProblem(problem)}`) };
}

/**
 * @param {import('@devhub/contracts/registry').Registry} registry
 * @param {import('./remotes-commands.mjs').CommandOptions} options
 */
async function doctorOnDisk(registry, { deployDir, baseUrl, shell, timeoutMs }) {
  const { record, location: shellLocation } = await loadShellRecord({ shell, baseUrl, timeoutMs });
  const rows = [];
  for (const [remote, pin] of Object.entries(registry.remotes)) {
    const row = {
      remote,
      version: pin.version ?? '-',
      manifest: '-',
      compatible: '-',
      entry: '-',
      integrity: '-',
      digest: pin.integrity ?? '-',
      /** @type {string[]} */
      problems: [],
    };
    // Said whether or not its manifest can be read: one line per pin nothing runs.
    const unverified = missingDigest(remote, pin, registry.environment);
    if (unverified) {
      row.integrity = 'no digest';
      row.problems.push(unverified);
    }
    try {
      const { manifest, location, bytes } = await loadManifest(pin.entry, { deployDir, baseUrl, timeoutMs });
      row.manifest = 'ok';
      row.integrity = unverified
        ? 'no digest'
        : await integrityOf(remote, pin, manifest, location, bytes, row.problems, timeoutMs);
      row.version = manifest.metaData?.buildInfo?.buildVersion ?? row.version;
      const problems = checkCompatibility(remote, record, manifest[MANIFEST_RECORD_KEY]);
      row.compatible = problems.length === 0 ? 'yes' : `no (${problems.length})`;
      row.problems.push(...problems.map(describeProblem));
      try {
        await checkEntryScript(manifest, location, { timeoutMs });
        row.entry = 'ok';
      } catch (error) {
        row.entry = 'unreachable';
        row.problems.push(`${remote}: ${error instanceof Error ? error.message : String(error)}`);
      }
    } catch (error) {
      row.manifest = 'unreachable';
      row.problems.push(`${remote}: ${error instanceof Error ? error.message : String(error)}`);
    }
    rows.push(row);
  }
  return { rows, ok: rows.every((row) => row.problems.length === 0), shell: shellLocation };
}
