// The one set of rules deciding whether a remote build may run in a shell build. The shell
// applies them in the browser before it executes a remote, `npm run remotes -- use/doctor`
// before a pin and against a new shell build, and the tests through both. What a record holds is
// in record.js.
//
// Versions are matched with the federation runtime's own `satisfy`, the function the runtime uses
// to match a shared module's version against a consumer's range: the check then agrees with what
// the runtime would do, and the shell, which carries that runtime anyway, loads no second semver
// library to run it (bench/ab.md, "The compatibility rules on the runtime's semver").
import { satisfy } from '@module-federation/runtime-core';
import { RECORD_SCHEMA, readRecord } from './record.js';

/** A release version as builds record it: major.minor.patch, an optional pre-release or build. */
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** @typedef {import('./record.js').CompatibilityRecord} CompatibilityRecord */
/** @typedef {import('./record.js').SingletonRecord} SingletonRecord */

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
  const parsed = VERSION.exec(version);
  if (!parsed) throw new Error(`"${version}" is not a semver version`);
  const [major = 0, minor = 0, patch = 0] = parsed.slice(1, 4).map(Number);
  return major > 0 ? `^${major}.${minor}.0` : `^0.${minor}.${patch}`;
}

/**
 * @param {string} version
 * @param {string} range
 */
function fits(version, range) {
  return VERSION.test(version) && range.trim() !== '' && satisfy(version, range);
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

  const runtimeRange = VERSION.test(record.federationRuntime)
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

export { MANIFEST_RECORD_KEY, RECORD_SCHEMA, SHELL_RECORD_FILE, readRecord } from './record.js';
