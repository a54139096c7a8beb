// @ts-check
// `npm run remotes -- canary watch <remote> --prometheus <url>`: judges a remote's candidate against
// its stable version at an interval, from what visitors' browsers reported (canary-figures.mjs),
// and acts as canary-judgement.mjs decides: steps its share up, promotes it, or rolls it back at
// once, the reason and the figures written into the pin's canaryHistory. Flagger's and Argo
// Rollouts' loop, for a remote's versions instead of a service's pods.
import { canaryAbort, canaryPromote, canaryStart } from './canary-commands.mjs';
import { candidateFigures } from './canary-figures.mjs';
import { judge, policyOf } from './canary-judgement.mjs';
import { CliError, readRegistryAt } from './registry-file.mjs';
import { assertRemote } from './version-check.mjs';

/** Steps failing in a row before the watch stops, with the last one's error. */
const MAX_FAILURES = 3;

/**
 * @typedef {object} WatchOptions
 * @property {string} [remote]
 * @property {(promql: string) => Promise<number | undefined>} query  a PromQL query's value (prometheus.mjs)
 * @property {number} [intervalMs]  between steps
 * @property {boolean} [once]  one step only
 * @property {(line: string) => void} [log]
 * @property {() => number} [now]
 * @property {(ms: number) => Promise<void>} [sleep]
 * @property {() => Promise<void>} [afterPromote]  renders the public routes with the new stable pin
 */

/**
 * One step of the watch: reads the registry, judges the candidate, acts. Returns what it did, or
 * `done` when there is no candidate to watch (promoted, rolled back, or never started).
 *
 * @param {import('./version-check.mjs').CommandOptions & WatchOptions} options
 * @returns {Promise<{ action: 'rollback' | 'step' | 'promote' | 'wait' | 'done', line: string }>}
 */
export async function watchStep(options) {
  const remote = assertRemote(options.remote);
  const { now = Date.now } = options;
  const { registry } = await readRegistryAt(options.registryFile, { acceptUnverified: true });
  const settings = /** @type {{ canaryPolicy?: unknown }} */ (registry).canaryPolicy;
  const read = policyOf(settings);
  if ('problem' in read) throw new CliError(`${options.registryFile}: ${read.problem}`);
  const pin = registry.remotes[remote];
  const candidate = pin?.candidate;
  if (!pin?.version || !candidate) return { action: 'done', line: `${remote} has no candidate to watch` };
  const { environment } = registry;
  const judged = await candidateFigures({
    environment,
    remote,
    pin: { ...pin, version: pin.version, candidate },
    query: options.query,
    now,
  });
  const decision = judge({
    percent: candidate.percent,
    candidate: judged.candidate,
    stable: judged.stable,
    policy: read.policy,
  });
  // In the pin's history, with its reason: what the step acted on. p75s without samples are left out.
  const figures = JSON.parse(JSON.stringify(judged));
  const at = `${remote} ${candidate.version} at ${candidate.percent} %`;
  // Each action refuses if the candidate changed since it was read (another command ran meanwhile).
  const expected = { version: candidate.version, since: candidate.stepped ?? candidate.started };
  switch (decision.action) {
    case 'rollback':
      await canaryAbort({ ...options, remote, reason: `canary watch: ${decision.reason}`, expected, figures });
      return { action: 'rollback', line: `${at}: rolled back, ${decision.reason}; every visitor gets ${pin.version}` };
    case 'step':
      await canaryStart({ ...options, remote, version: candidate.version, percent: decision.percent, expected });
      return { action: 'step', line: `${at}: ${decision.reason}; now ${decision.percent} %` };
    case 'promote':
      await canaryPromote({ ...options, remote, expected, figures });
      await options.afterPromote?.();
      return { action: 'promote', line: `${at}: ${decision.reason}; promoted to the stable pin` };
    default:
      return { action: 'wait', line: `${at}: waiting, ${decision.reason}` };
  }
}

/**
 * Steps until the candidate is promoted or rolled back (or once), printing one line a step.
 *
 * @param {import('./version-check.mjs').CommandOptions & WatchOptions} options
 */
export async function watchCanary(options) {
  const {
    intervalMs = 30_000,
    log = (line) => console.log(line),
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  } = options;
  let failures = 0;
  for (;;) {
    let step;
    try {
      step = await watchStep(options);
      failures = 0;
    } catch (error) {
      // Prometheus restarting, or a write that kept meeting another: the candidate keeps its share
      // meanwhile, so a few failures in a row are waited out before the watch gives up.
      failures += 1;
      if (options.once || failures >= MAX_FAILURES) throw error;
      log(`⚠ ${error instanceof Error ? error.message : String(error)}; trying again in ${intervalMs / 1000} s`);
      await sleep(intervalMs);
      continue;
    }
    log(step.line);
    if (options.once || step.action === 'done' || step.action === 'rollback' || step.action === 'promote') {
      return step;
    }
    await sleep(intervalMs);
  }
}
