// @ts-check
// What a remotes command checks before it pins a version (use, rollback, canary): the remote's
// name and the version's form, then the published version itself against the shell build that
// serves the environment (its compatibility record), never against the source tree.
import { checkCompatibility, describeProblem, MANIFEST_RECORD_KEY } from '@devhub/contracts/compatibility';
import { REMOTE_NAME_RULE, isRemoteNameForm, tablesOf } from '@devhub/contracts/registry';
import { MANIFEST_ROUTES_KEY, pathConflicts, routeTableProblems, unknownRules } from '@devhub/contracts/routes';
import semver from 'semver';
import { checkManifestDigest, checkVersionFiles, indexedDigest } from './integrity.mjs';
import { checkEntryScript, loadManifest, loadShellRecord } from './manifest.mjs';
import { CliError, packageOf } from './registry-file.mjs';
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
export function assertRemote(remote) {
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
export function assertVersion(version) {
  if (semver.valid(version) !== version) {
    throw new CliError(`"${version}" is not a version: give the semver it was published as (e.g. 1.2.0)`);
  }
  return version;
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
export function assertOwnPaths(remote, what, routes, registry) {
  const others = tablesOf(registry.remotes);
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
export function versionChecker(remote, options) {
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
