// @ts-check
// The commands behind `npm run remotes -- …`, written as functions so tests run them on
// temporary folders. Every check runs against the shell build that serves the environment
// (its compatibility record), never against the source tree. `doctor` is remotes-doctor.mjs.
import { checkCompatibility, describeProblem, MANIFEST_RECORD_KEY } from '@devhub/contracts/compatibility';
import {
  REMOTE_NAME_RULE,
  describeRegistryProblem,
  isRemoteNameForm,
  unverifiedPins,
} from '@devhub/contracts/registry';
import { MANIFEST_ROUTES_KEY, pathConflicts, routeTableProblems, unknownRules } from '@devhub/contracts/routes';
import semver from 'semver';
import { checkManifestDigest, checkVersionFiles, indexedDigest } from './integrity.mjs';
import { checkEntryScript, loadManifest, loadShellRecord } from './manifest.mjs';
import { CliError, packageOf, readRegistryAt, updateRegistry, versionEntry } from './registry-file.mjs';
import { deploySourceOf, withVersionsOnDisk } from './storage-mirror.mjs';

/**
 * @typedef {object} CommandOptions
 * @property {string} registryFile  a file, or an azblob:// URL of one
 * @property {string} [deployDir]  where relative `/deploy/…` entries are published: a folder or an
 *   azblob:// address (default: beside a registry on object storage, else .deploy)
 * @property {string} [baseUrl]  check relative entries over HTTP against this origin instead
 * @property {string} [shell]  the shell build (folder or URL) serving the environment
 * @property {number} [timeoutMs]
 */

/**
 * A remote is named by its form, not looked up in a list: the registry is where an environment's
 * remotes are named, and `use` adds one to it.
 *
 * @param {string | undefined} remote
 */
function assertRemote(remote) {
  if (!remote || !isRemoteNameForm(remote)) {
    throw new CliError(`"${remote ?? ''}" is not a remote name: ${REMOTE_NAME_RULE}`);
  }
  return remote;
}

/**
 * A published version is named by its semver and nothing else: a path ("../x", "1.0.0/../1.0.0")
 * would lead the entry built from it out of its remote's folder.
 *
 * @param {string} version
 */
function assertVersion(version) {
  if (semver.valid(version) !== version) {
    throw new CliError(`"${version}" is not a version: give the semver it was published as (e.g. 1.2.0)`);
  }
  return version;
}

/** @param {CommandOptions} options */
export async function list({ registryFile }) {
  // Pins without a digest are listed as they are: a new environment has them until each is pinned.
  const { registry, refused } = await readRegistryAt(registryFile, { acceptUnverified: true });
  const rows = Object.entries(registry.remotes).map(([name, pin]) => {
    return {
      remote: name,
      version: pin.version ?? '(unversioned)',
      entry: pin.entry,
      previous: (pin.previousVersions ?? []).join(', '),
    };
  });
  // A pin nothing runs is listed with why, as the file has it: its team pins it again with `use`.
  const refusedRows = Object.entries(refused).map(([name, { problems }]) => ({
    remote: name,
    version: '(refused)',
    entry: problems.map(describeRegistryProblem).join('; '),
    previous: '',
  }));
  return [...rows, ...refusedRows];
}

/**
 * Loads a published version's manifest and refuses it, with one line per problem, unless its
 * bytes are the ones the version index records, every file it lists has the bytes it records, it
 * fits the shell build and its entry script is there. Returns the manifest's digest, which the pin
 * carries from then on (the root of trust of everything the version runs), and its route table,
 * refused if malformed or naming a layout or access rule the shell build does not know.
 *
 * @param {string} remote
 * @param {string} entry
 * @param {string} version
 * @param {CommandOptions} options
 * @returns {Promise<{ integrity: string, routes: import('@devhub/contracts/routes').RouteTable }>}
 */
function checkedVersion(remote, entry, version, options) {
  return withVersionsOnDisk(deploySourceOf(options), [{ pkg: packageOf(remote), version }], (deployDir) =>
    checkedVersionOnDisk(remote, entry, version, { ...options, deployDir }),
  );
}

/**
 * checkedVersion, the version's files in a folder (or over HTTP).
 *
 * @param {string} remote
 * @param {string} entry
 * @param {string} version
 * @param {CommandOptions} options
 * @returns {Promise<{ integrity: string, routes: import('@devhub/contracts/routes').RouteTable }>}
 */
async function checkedVersionOnDisk(remote, entry, version, { deployDir, baseUrl, shell, timeoutMs }) {
  const what = `${remote}@${version}`;
  const { manifest, location, bytes } = await loadManifest(entry, { deployDir, baseUrl, timeoutMs });
  const integrity = checkManifestDigest(bytes, await indexedDigest(location, version, { timeoutMs }), location);
  const tampered = await checkVersionFiles(manifest, location, { timeoutMs });
  if (tampered.length > 0) {
    throw new CliError(`refusing ${what}, whose files are not the ones published:\n${tampered.join('\n')}`);
  }
  const { record, location: shellLocation } = await loadShellRecord({ shell, baseUrl, timeoutMs });
  const problems = checkCompatibility(remote, record, manifest[MANIFEST_RECORD_KEY]).map(describeProblem);
  if (problems.length > 0) {
    throw new CliError(
      `refusing ${what}, which does not fit the shell build at ${shellLocation}:\n${problems.join('\n')}`,
    );
  }
  const table = manifest[MANIFEST_ROUTES_KEY];
  const malformed =
    table === undefined
      ? ["its manifest has no route table: rebuild it with this repository's build"]
      : routeTableProblems(table);
  if (malformed.length > 0)
    throw new CliError(`refusing ${what}, whose route table is malformed: ${malformed.join('; ')}`);
  const routes = /** @type {import('@devhub/contracts/routes').RouteTable} */ (table);
  const exposed = new Set((manifest.exposes ?? []).map((expose) => expose.path));
  const missing = routes.map((page) => `./${page.expose}`).filter((expose) => !exposed.has(expose));
  if (missing.length > 0) {
    throw new CliError(`refusing ${what}, whose routes name ${missing.join(', ')}, which its build does not expose`);
  }
  const unknown = unknownRules(routes, record);
  if (unknown.length > 0) {
    throw new CliError(
      `refusing ${what}, whose routes the shell build at ${shellLocation} cannot render: ${unknown.join('; ')}`,
    );
  }
  await checkEntryScript(manifest, location, { timeoutMs });
  return { integrity, routes };
}

/**
 * Refuses a table serving a path the shell keeps or another pinned remote serves.
 *
 * @param {string} remote
 * @param {string} what  "account@1.1.0", for the message
 * @param {import('@devhub/contracts/routes').RouteTable} routes
 * @param {import('@devhub/contracts/registry').Registry} registry
 */
function assertOwnPaths(remote, what, routes, registry) {
  const others = Object.fromEntries(Object.entries(registry.remotes).map(([name, pin]) => [name, pin.routes]));
  const conflicts = pathConflicts(remote, routes, others);
  if (conflicts.length > 0) throw new CliError(`refusing ${what}: ${conflicts.join('; ')}`);
}

/**
 * Checks a version once per command: a retried compare-and-swap re-runs the change on the new
 * registry, and only a different entry (another deploy base URL) needs a new check.
 *
 * @param {string} remote
 * @param {CommandOptions} options
 */
function versionChecker(remote, options) {
  /** @type {Map<string, ReturnType<typeof checkedVersion>>} */
  const checked = new Map();
  /** @param {string} entry @param {string} version */
  return (entry, version) => {
    let check = checked.get(entry);
    if (!check) {
      check = checkedVersion(remote, entry, version, options);
      checked.set(entry, check);
    }
    return check;
  };
}

/**
 * Pins `version`; refuses (registry untouched) anything the environment's shell could not run.
 * Commands running at once on one registry all keep their pins (updateRegistry): on the same
 * remote the last one wins, and the other is its previous version. A registry whose other pins
 * lack their digest is pinned all the same (pinning each is how they get one): `unverified` names
 * the pins nothing runs yet, outside the local environment.
 *
 * @param {CommandOptions & { remote?: string, version?: string }} options
 */
export async function use(options) {
  const remote = assertRemote(options.remote);
  const { version } = options;
  if (!version) throw new CliError('which version? usage: remotes use <remote> <version>');
  assertVersion(version);
  const check = versionChecker(remote, options);
  /** @type {(registry: import('@devhub/contracts/registry').Registry) => Promise<{ registry?: import('@devhub/contracts/registry').Registry, result: { remote: string, version: string, entry: string, changed: boolean, previous?: string, unverified: string[] } }>} */
  const pin = async (registry) => {
    const entry = versionEntry(registry, remote, version);
    const { integrity, routes } = await check(entry, version);
    assertOwnPaths(remote, `${remote}@${version}`, routes, registry);
    const current = registry.remotes[remote] ?? { entry };
    if (current.version === version && current.entry === entry) {
      if (current.integrity === integrity && JSON.stringify(current.routes) === JSON.stringify(routes)) {
        return { result: { remote, version, entry, changed: false, unverified: unverifiedPins(registry) } };
      }
      // The same version pinned before digests or routes were recorded: only those change.
      registry.remotes[remote] = { ...current, integrity, routes };
      return { registry, result: { remote, version, entry, changed: true, unverified: unverifiedPins(registry) } };
    }
    const previousVersions = current.version
      ? [current.version, ...(current.previousVersions ?? [])].slice(0, 20)
      : (current.previousVersions ?? []);
    registry.remotes[remote] = { ...current, entry, version, integrity, routes, previousVersions };
    const unverified = unverifiedPins(registry);
    return { registry, result: { remote, version, entry, changed: true, previous: current.version, unverified } };
  };
  return updateRegistry(options.registryFile, pin, { acceptUnverified: true });
}

/**
 * A pin `use` or `rollback` left without its digest, as one English line.
 *
 * @param {string} remote
 */
export const unverifiedLine = (remote) =>
  `${remote} is pinned without a digest: nothing runs it outside the local environment until "remotes use ${remote} <version>" pins it again`;

/**
 * Why `use` or `rollback` did not render the public routes: the prerender refuses a pin without
 * its digest, so it waits until every remote is pinned.
 *
 * @param {string[]} remotes
 */
export const notPrerenderedLine = (remotes) =>
  `public routes not prerendered: ${remotes.join(', ')} ${remotes.length === 1 ? 'is' : 'are'} pinned without a digest; once ${remotes.length === 1 ? 'it is' : 'they are'} pinned, "remotes prerender" renders them`;

/**
 * Back to the version pinned before the current one, checked like `use`. Rolling back a remote's
 * first pin takes the remote out of the environment, routes and all: `use` added it, this undoes it.
 *
 * @param {CommandOptions & { remote?: string }} options
 */
export async function rollback(options) {
  const remote = assertRemote(options.remote);
  const check = versionChecker(remote, options);
  /** @typedef {{ remote: string, from?: string, removed: boolean, unverified: string[], version?: string, entry?: string }} RollbackResult */
  return updateRegistry(
    options.registryFile,
    /** @type {(registry: import('@devhub/contracts/registry').Registry) => Promise<{ registry: import('@devhub/contracts/registry').Registry, result: RollbackResult }>} */
    async (registry) => {
      const current = registry.remotes[remote];
      if (!current) throw new CliError(`${remote} is not pinned in ${options.registryFile}: nothing to roll back`);
      const [previous, ...older] = current.previousVersions ?? [];
      if (!previous) {
        delete registry.remotes[remote];
        const unverified = unverifiedPins(registry);
        return { registry, result: { remote, from: current.version, removed: true, unverified } };
      }
      assertVersion(previous);
      const entry = versionEntry(registry, remote, previous);
      const { integrity, routes } = await check(entry, previous);
      assertOwnPaths(remote, `${remote}@${previous}`, routes, registry);
      // The earlier version's routes replace the current ones: the routes a later version added go with it.
      registry.remotes[remote] = { ...current, entry, version: previous, integrity, routes, previousVersions: older };
      const unverified = unverifiedPins(registry);
      return {
        registry,
        result: { remote, version: previous, entry, from: current.version, removed: false, unverified },
      };
    },
    { acceptUnverified: true },
  );
}

/**
 * @param {Array<Record<string, unknown>>} rows
 * @param {string[]} columns
 */
export function formatTable(rows, columns) {
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)),
  );
  /** @param {unknown[]} cells */
  const line = (cells) =>
    cells
      .map((cell, index) => String(cell ?? '').padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map((row) => line(columns.map((column) => row[column]))),
  ].join('\n');
}
