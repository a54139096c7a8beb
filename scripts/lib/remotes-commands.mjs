// @ts-check
// The commands behind `npm run remotes -- …`, written as functions so tests run them on
// temporary folders. Every check runs against the shell build that serves the environment
// (its compatibility record), never against the source tree. `doctor` is remotes-doctor.mjs.
import { describeRegistryProblem, unverifiedPins } from '@devhub/contracts/registry';
import { CliError, readRegistryAt, updateRegistry, versionEntry } from './registry-file.mjs';
import { withoutCandidate } from './canary-commands.mjs';
import { assertOwnPaths, assertRemote, assertVersion, versionChecker } from './version-check.mjs';

/** @typedef {import('./version-check.mjs').CommandOptions} CommandOptions */
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
      candidate: pin.candidate ? `${pin.candidate.version} (${pin.candidate.percent} %)` : '',
    };
  });
  // A pin nothing runs is listed with why, as the file has it: its team pins it again with `use`.
  const refusedRows = Object.entries(refused).map(([name, { problems }]) => ({
    remote: name,
    version: '(refused)',
    entry: problems.map(describeRegistryProblem).join('; '),
    previous: '',
    candidate: '',
  }));
  return [...rows, ...refusedRows];
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
    if (current.candidate) {
      throw new CliError(
        `${remote} has candidate ${current.candidate.version} at ${current.candidate.percent} %: promote or abort it first (remotes canary)`,
      );
    }
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
  /** @typedef {{ remote: string, from?: string, removed: boolean, candidate?: boolean, unverified: string[], version?: string, entry?: string }} RollbackResult */
  return updateRegistry(
    options.registryFile,
    /** @type {(registry: import('@devhub/contracts/registry').Registry) => Promise<{ registry: import('@devhub/contracts/registry').Registry, result: RollbackResult }>} */
    async (registry) => {
      const current = registry.remotes[remote];
      if (!current) throw new CliError(`${remote} is not pinned in ${options.registryFile}: nothing to roll back`);
      // A candidate is the latest change: rolling back takes it away, the stable pin as it was.
      if (current.candidate) {
        registry.remotes[remote] = withoutCandidate(current, 'aborted', 'rolled back');
        const unverified = unverifiedPins(registry);
        const { version, entry } = current;
        const from = current.candidate.version;
        return { registry, result: { remote, from, version, entry, removed: false, candidate: true, unverified } };
      }
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
