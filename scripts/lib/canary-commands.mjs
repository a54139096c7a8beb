// @ts-check
// `npm run remotes -- canary <start|status|promote|abort>`: a candidate version beside a remote's
// stable pin, served to a share of visitors (contracts/src/registry.js, `candidate`). A candidate
// passes every check `use` makes of a version, and is written with the same compare-and-swap.
import { unverifiedPins } from '@devhub/contracts/registry';
import { candidateFigures } from './canary-figures.mjs';
import { ratioText } from './canary-judgement.mjs';
import { CliError, readRegistryAt, updateRegistry, versionEntry } from './registry-file.mjs';
import { assertOwnPaths, assertRemote, assertVersion, versionChecker } from './version-check.mjs';

/** @typedef {import('./version-check.mjs').CommandOptions} CommandOptions */
/** @typedef {import('@devhub/contracts/registry').Registry} Registry */
/** @typedef {import('@devhub/contracts/registry').RegistryPin} RegistryPin */
/**
 * @typedef {{ candidate: import('@devhub/contracts/telemetry-figures').Figures,
 *   stable: import('@devhub/contracts/telemetry-figures').Figures, windowSeconds: number }} JudgedFigures
 *   the figures a `canary watch` step acted on, kept in the pin's canaryHistory
 */

/** How many past canaries a pin remembers. */
const HISTORY_LENGTH = 20;

/**
 * The share of visitors a candidate gets: a whole percent from 1 to 100.
 *
 * @param {string | number | undefined} percent
 */
export function parsePercent(percent) {
  const value = Number(percent);
  if (percent === undefined || String(percent).trim() === '' || !Number.isInteger(value) || value < 1 || value > 100) {
    throw new CliError(`--percent must be a whole number from 1 to 100, got "${percent ?? ''}"`);
  }
  return value;
}

/**
 * The pin of `remote`, which a canary needs stable first.
 *
 * @param {Registry} registry
 * @param {string} remote
 * @param {string} registryFile
 */
function stablePin(registry, remote, registryFile) {
  const pin = registry.remotes[remote];
  if (!pin?.version) {
    throw new CliError(`${remote} has no stable version in ${registryFile}: pin one with "remotes use" first`);
  }
  return /** @type {RegistryPin & { version: string }} */ (pin);
}

/**
 * @typedef {object} ExpectedCandidate  the candidate a command judged (canary watch), refused if another is there now
 * @property {string} version
 * @property {string | undefined} since  its `stepped`, else its `started`
 */

/**
 * Refuses when the candidate is not the one a command judged: another command changed it while
 * Prometheus was being asked.
 *
 * @param {string} remote
 * @param {import('@devhub/contracts/registry').CandidatePin | undefined} candidate
 * @param {ExpectedCandidate | undefined} expected
 */
function assertExpected(remote, candidate, expected) {
  if (!expected) return;
  if (candidate?.version !== expected.version || (candidate.stepped ?? candidate.started) !== expected.since) {
    throw new CliError(`${remote}'s candidate changed while it was judged: nothing done, judge it again`);
  }
}

/**
 * The pin with its candidate gone, and why, remembered (newest first).
 *
 * @param {RegistryPin} pin
 * @param {'promoted' | 'aborted'} outcome
 * @param {string | undefined} reason
 * @param {JudgedFigures} [figures]  what `canary watch` judged by, when it acted
 * @returns {RegistryPin}
 */
export function withoutCandidate(pin, outcome, reason, figures) {
  const { candidate, ...stable } = pin;
  if (!candidate) return pin;
  const past = /** @type {{ canaryHistory?: unknown[] }} */ (pin).canaryHistory ?? [];
  const entry = {
    version: candidate.version,
    percent: candidate.percent,
    outcome,
    at: new Date().toISOString(),
    ...(reason ? { reason } : {}),
    ...(figures ? { figures } : {}),
  };
  return /** @type {RegistryPin} */ ({ ...stable, canaryHistory: [entry, ...past].slice(0, HISTORY_LENGTH) });
}

/**
 * Puts `version` beside the stable pin for `percent` of visitors, after every check `use` makes;
 * run again for the same version, it changes the share.
 *
 * @param {CommandOptions & { remote?: string, version?: string, percent?: string | number, expected?: ExpectedCandidate }} options
 */
export async function canaryStart(options) {
  const remote = assertRemote(options.remote);
  const version = options.version;
  if (!version) throw new CliError('which version? usage: remotes canary start <remote> <version> --percent <n>');
  assertVersion(version);
  const percent = parsePercent(options.percent);
  const check = versionChecker(remote, options);
  return updateRegistry(
    options.registryFile,
    /** @param {Registry} registry */
    async (registry) => {
      const stable = stablePin(registry, remote, options.registryFile);
      if (stable.version === version) throw new CliError(`${remote}@${version} is the stable version already`);
      const current = stable.candidate;
      assertExpected(remote, current, options.expected);
      if (current && current.version !== version) {
        throw new CliError(
          `${remote} has candidate ${current.version} at ${current.percent} %: promote or abort it first`,
        );
      }
      const entry = versionEntry(registry, remote, version);
      const { integrity, routes } = await check(entry, version);
      assertOwnPaths(remote, `${remote}@${version}`, routes, registry);
      const now = new Date().toISOString();
      // `stepped`: when its share last changed, where `canary watch` starts counting its page views.
      const times = current ? { started: current.started ?? now, stepped: now } : { started: now };
      registry.remotes[remote] = { ...stable, candidate: { entry, version, integrity, routes, percent, ...times } };
      const result = { remote, version, stable: stable.version, percent, previousPercent: current?.percent };
      return { registry, result };
    },
    { acceptUnverified: true },
  );
}

/**
 * The candidate becomes the stable pin (the stable one its previous version), checked again
 * against the shell build that serves the environment now.
 *
 * @param {CommandOptions & { remote?: string, expected?: ExpectedCandidate, figures?: JudgedFigures }} options
 */
export async function canaryPromote(options) {
  const remote = assertRemote(options.remote);
  const check = versionChecker(remote, options);
  return updateRegistry(
    options.registryFile,
    /** @param {Registry} registry */
    async (registry) => {
      const stable = stablePin(registry, remote, options.registryFile);
      const { candidate } = stable;
      if (!candidate) throw new CliError(`${remote} has no candidate in ${options.registryFile}: nothing to promote`);
      assertExpected(remote, candidate, options.expected);
      const { integrity, routes } = await check(candidate.entry, candidate.version);
      // The bytes its visitors ran, or none: a version whose manifest changed since is not what was tried.
      if (candidate.integrity !== undefined && integrity !== candidate.integrity) {
        throw new CliError(
          `refusing to promote ${remote}@${candidate.version}: its manifest is not the one its canary ran`,
        );
      }
      assertOwnPaths(remote, `${remote}@${candidate.version}`, routes, registry);
      const previousVersions = [stable.version, ...(stable.previousVersions ?? [])].slice(0, 20);
      const promoted = withoutCandidate(stable, 'promoted', undefined, options.figures);
      registry.remotes[remote] = {
        ...promoted,
        entry: candidate.entry,
        version: candidate.version,
        integrity,
        routes,
        previousVersions,
      };
      const unverified = unverifiedPins(registry);
      return { registry, result: { remote, version: candidate.version, from: stable.version, unverified } };
    },
    { acceptUnverified: true },
  );
}

/**
 * Takes the candidate away: every visitor gets the stable pin again, which is left as it was.
 *
 * @param {CommandOptions & { remote?: string, reason?: string, expected?: ExpectedCandidate, figures?: JudgedFigures }} options
 */
export async function canaryAbort(options) {
  const remote = assertRemote(options.remote);
  return updateRegistry(
    options.registryFile,
    /** @param {Registry} registry */
    async (registry) => {
      const stable = stablePin(registry, remote, options.registryFile);
      const { candidate } = stable;
      if (!candidate) throw new CliError(`${remote} has no candidate in ${options.registryFile}: nothing to abort`);
      assertExpected(remote, candidate, options.expected);
      registry.remotes[remote] = withoutCandidate(stable, 'aborted', options.reason, options.figures);
      return { registry, result: { remote, version: candidate.version, stable: stable.version } };
    },
    { acceptUnverified: true },
  );
}

/**
 * One row per remote with a candidate, or with a canary in its history; with `query` (Prometheus),
 * the candidate's figures beside the stable version's since its share last changed, as
 * `canary watch` judges them.
 *
 * @param {CommandOptions & { query?: (promql: string) => Promise<number | undefined> }} options
 */
export async function canaryStatus({ registryFile, query }) {
  const { registry } = await readRegistryAt(registryFile, { acceptUnverified: true });
  const rows = [];
  for (const [remote, pin] of Object.entries(registry.remotes)) {
    const last = /** @type {{ canaryHistory?: Array<Record<string, unknown>> }} */ (pin).canaryHistory?.[0];
    if (!pin.candidate && !last) continue;
    const row = {
      remote,
      stable: pin.version ?? '(unversioned)',
      candidate: pin.candidate ? `${pin.candidate.version} (${pin.candidate.percent} %)` : '-',
      since: pin.candidate?.started ?? '-',
      last: last ? `${last.version} ${last.outcome}${last.reason ? `: ${last.reason}` : ''}` : '-',
    };
    if (query && pin.candidate && pin.version) {
      const { candidate: ofCandidate, stable: ofStable } = await candidateFigures({
        environment: registry.environment,
        remote,
        pin: { ...pin, version: pin.version, candidate: pin.candidate },
        query,
      });
      /** @param {number | undefined} value */
      const ms = (value) => (value === undefined ? '-' : `${Math.round(value)} ms`);
      Object.assign(row, {
        'page views': `${ofCandidate.views} / ${ofStable.views}`,
        errors: `${ratioText(ofCandidate.errors, ofCandidate.views)} / ${ratioText(ofStable.errors, ofStable.views)}`,
        'failed loads': `${ratioText(ofCandidate.failedLoads, ofCandidate.views)} / ${ratioText(ofStable.failedLoads, ofStable.views)}`,
        'p75 LCP': `${ms(ofCandidate.lcpP75)} / ${ms(ofStable.lcpP75)}`,
        'p75 INP': `${ms(ofCandidate.inpP75)} / ${ms(ofStable.inpP75)}`,
      });
    }
    rows.push(row);
  }
  return rows;
}
