// The one set of rules deciding whether a remote build may run in a shell build. The shell
// applies them in the browser before it executes a remote, `npm run remotes -- use/doctor`
// before a pin and against a new shell build, and the tests through both.
import satisfies from 'semver/functions/satisfies.js';
import valid from 'semver/functions/valid.js';
import validRange from 'semver/ranges/valid.js';

/** Bumped when the record's shape changes; a reader refuses a schema it does not know. */
export const RECORD_SCHEMA = 1;

/** The key of the record inside a remote's mf-manifest.json. */
export const MANIFEST_RECORD_KEY = 'compatibility';

/** The file a shell build writes next to its index.html. */
export const SHELL_RECORD_FILE = 'compatibility.json';

/**
 * What one build of an app needs (a remote) or provides (the shell).
 *
 * @typedef {object} CompatibilityRecord
 * @property {number} schema  RECORD_SCHEMA when written.
 * @property {'host' | 'remote'} kind
 * @property {string} name  the federation name ("shell", "catalog", …).
 * @property {string} version  the app's package version.
 * @property {string} federationRuntime  the version of the federation runtime core it was built with.
 * @property {Record<string, SingletonRecord>} singletons  every shared singleton, by share name.
 * @property {Record<string, string[]>} exports  a remote: the exports it imports from each shared
 *   module ("*" for the whole module); the shell: the exports it ships of each shared module whose
 *   exports are known (a module absent here ships whole).
 * @property {string[]} [exposes]  a remote: the modules it exposes ("./HomePage").
 * @property {Record<string, string[]>} [requires]  the shell: what each remote must expose for its routes.
 */

/**
 * @typedef {object} SingletonRecord
 * @property {string} version  the installed version the build was made with.
 * @property {string} requiredVersion  the range the build accepts at runtime.
 */

/**
 * One reason a remote may not run in a shell.
 *
 * @typedef {object} CompatibilityProblem
 * @property {'record' | 'runtime' | 'singleton' | 'export' | 'expose'} kind
 * @property {string} remote
 * @property {string} dependency  what it is about: a package, a shared module, an exposed module.
 * @property {string} needs  what the remote needs: a range, an export name ("*": every export).
 * @property {string} provides  what the shell has instead: a version, or a description.
 */

/**
 * The range a build accepts for a dependency it was built against: the feature level it was built
 * with or any later one of the same major. Semver adds features in minors (in patches below 1.0,
 * where a minor breaks), so `^` of that level is what the build can rely on.
 *
 * @param {string} version
 * @returns {string}
 */
export function requiredRange(version) {
  const parsed = valid(version);
  if (!parsed) throw new Error(`"${version}" is not a semver version`);
  const [major = 0, minor = 0, patch = 0] = parsed.split(/[.+-]/).map(Number);
  return major > 0 ? `^${major}.${minor}.0` : `^0.${minor}.${patch}`;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** @param {unknown} value @returns {value is string[]} */
function isStringList(value) {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Reads a record from untrusted JSON (a manifest fetched over the network, a file on disk).
 *
 * @param {unknown} raw
 * @returns {CompatibilityRecord | string}  the record, or why it is not one.
 */
export function readRecord(raw) {
  if (!isRecord(raw)) return 'no compatibility record';
  if (raw.schema !== RECORD_SCHEMA)
    return `compatibility record schema ${String(raw.schema)}, expected ${RECORD_SCHEMA}`;
  if (raw.kind !== 'host' && raw.kind !== 'remote') return 'compatibility record without a kind';
  for (const field of ['name', 'version', 'federationRuntime']) {
    if (typeof raw[field] !== 'string') return `compatibility record without "${field}"`;
  }
  if (!isRecord(raw.singletons)) return 'compatibility record without "singletons"';
  for (const [name, singleton] of Object.entries(raw.singletons)) {
    if (
      !isRecord(singleton) ||
      typeof singleton.version !== 'string' ||
      typeof singleton.requiredVersion !== 'string'
    ) {
      return `compatibility record: singleton "${name}" needs a version and a requiredVersion`;
    }
  }
  if (!isRecord(raw.exports) || !Object.values(raw.exports).every(isStringList)) {
    return 'compatibility record: "exports" must map modules to export names';
  }
  if (raw.exposes !== undefined && !isStringList(raw.exposes)) return 'compatibility record: "exposes" must be a list';
  if (raw.requires !== undefined && !(isRecord(raw.requires) && Object.values(raw.requires).every(isStringList))) {
    return 'compatibility record: "requires" must map remotes to exposes';
  }
  return /** @type {CompatibilityRecord} */ (raw);
}

/**
 * @param {string} version
 * @param {string} range
 */
function fits(version, range) {
  return Boolean(valid(version)) && Boolean(validRange(range)) && satisfies(version, range);
}

/**
 * Every reason the remote build described by `remote` may not run in the shell build described
 * by `shell`. `remote` is the raw value read from the remote's manifest, so a missing or foreign
 * record is itself a problem: without it nothing can be vouched for.
 *
 * - Federation runtime: the remote's container runs on the shell's runtime. The @module-federation
 *   packages are released together under one version and follow semver (their changesets
 *   configuration), so a runtime serves containers built with its own major up to its own feature
 *   level: the shell's runtime must satisfy `requiredRange` of the remote's.
 * - Singletons: the remote runs on the shell's copy, whose version must satisfy the range the remote
 *   requires. A singleton the shell does not provide is the remote's own business.
 * - Exports: every export the remote imports from a shared module must be in the shell's copy
 *   (react-router is shipped cut down; @devhub/shared grows between versions).
 * - Exposes: the remote must expose every module the shell's routes load from it.
 *
 * @param {string} remoteName
 * @param {CompatibilityRecord} shell
 * @param {unknown} remote
 * @returns {CompatibilityProblem[]}
 */
export function checkCompatibility(remoteName, shell, remote) {
  const record = readRecord(remote);
  /** @type {CompatibilityProblem[]} */
  const problems = [];
  /** @param {Omit<CompatibilityProblem, 'remote'>} problem */
  const add = (problem) => problems.push({ remote: remoteName, ...problem });
  if (typeof record === 'string') {
    add({
      kind: 'record',
      dependency: 'compatibility record',
      needs: `a record of schema ${RECORD_SCHEMA}`,
      provides: record,
    });
    return problems;
  }

  const runtimeRange = valid(record.federationRuntime)
    ? requiredRange(record.federationRuntime)
    : record.federationRuntime;
  if (!fits(shell.federationRuntime, runtimeRange)) {
    add({
      kind: 'runtime',
      dependency: '@module-federation/runtime-core',
      needs: runtimeRange,
      provides: shell.federationRuntime,
    });
  }

  for (const [name, singleton] of Object.entries(record.singletons)) {
    const provided = shell.singletons[name];
    if (provided && !fits(provided.version, singleton.requiredVersion)) {
      add({ kind: 'singleton', dependency: name, needs: singleton.requiredVersion, provides: provided.version });
    }
  }

  for (const [module, names] of Object.entries(record.exports)) {
    const shipped = shell.exports[module];
    // A module the shell does not list ships whole (or is not shared by the shell at all).
    if (!shipped) continue;
    for (const name of names) {
      if (shipped.includes(name)) continue;
      add({ kind: 'export', dependency: module, needs: name, provides: shell.singletons[module]?.version ?? '' });
    }
  }

  const exposed = new Set(record.exposes ?? []);
  for (const expose of shell.requires?.[remoteName] ?? []) {
    if (!exposed.has(expose)) {
      add({ kind: 'expose', dependency: expose, needs: expose, provides: 'not exposed' });
    }
  }
  return problems;
}

/**
 * One line per problem, for logs and the CLI: the remote, the dependency, what the remote needs
 * and what the shell provides.
 *
 * @param {CompatibilityProblem} problem
 * @returns {string}
 */
export function describeProblem({ kind, remote, dependency, needs, provides }) {
  switch (kind) {
    case 'record':
      return `${remote}: ${provides}; rebuild it with this repository's build to get one`;
    case 'expose':
      return `${remote}: does not expose ${dependency}, which the shell's routes load`;
    case 'export':
      return needs === '*'
        ? `${remote}: imports all of ${dependency}; the shell ships ${dependency} ${provides} with only some of its exports`
        : `${remote}: needs export "${needs}" of ${dependency}; the shell ships ${dependency} ${provides} without it`;
    default:
      return `${remote}: needs ${dependency} ${needs}; the shell provides ${provides}`;
  }
}
