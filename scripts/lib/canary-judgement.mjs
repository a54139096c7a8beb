// @ts-check
// How `remotes canary watch` judges a candidate against the stable version from what visitors'
// browsers reported (the figures of contracts/src/telemetry-figures.js, read from Prometheus): roll back at once
// when the candidate crosses a threshold, step its share up once enough page views agree, promote
// it at the last step. Pure: the figures in, a decision out, so each rule has its own test.

/** @typedef {import('@devhub/contracts/telemetry-figures').Figures} Figures */

/**
 * @typedef {object} CanaryPolicy
 * @property {number[]} steps  the shares a candidate goes through, in percent, ending at 100
 * @property {number} minViews  page views of the candidate a step needs before it is judged good
 * @property {number} maxErrorRatio  errors per page view above which the candidate is rolled back
 * @property {number} maxFailedLoadRatio  failed loads per page view above which it is rolled back
 * @property {number} minBadViews  a ratio is trusted to roll back once this many page views went wrong
 * @property {number} maxSlowdown  p75 LCP or INP this many times the stable one's rolls back…
 * @property {{ lcp: number, inp: number }} slowFloorMs  …when also above these ("good" per web.dev)
 */

/** @type {CanaryPolicy} */
export const DEFAULT_POLICY = Object.freeze({
  steps: [10, 25, 50, 100],
  minViews: 20,
  maxErrorRatio: 0.05,
  maxFailedLoadRatio: 0.02,
  minBadViews: 3,
  maxSlowdown: 1.25,
  slowFloorMs: { lcp: 2500, inp: 200 },
});

/**
 * @typedef {{ action: 'rollback', reason: string }
 *   | { action: 'step', percent: number, reason: string }
 *   | { action: 'promote', reason: string }
 *   | { action: 'wait', reason: string }} Decision
 */

const ratio = (/** @type {number} */ part, /** @type {number} */ whole) => (whole > 0 ? part / whole : 0);
const percentText = (/** @type {number} */ value) => `${(value * 100).toFixed(1)} %`;

/** `part` of `whole` as a percent ("12.5 %"), or "-" without a whole: how canary watch and status say a ratio. */
export const ratioText = (/** @type {number} */ part, /** @type {number} */ whole) =>
  whole > 0 ? percentText(part / whole) : '-';

/**
 * Why the candidate must go, or nothing. Ratios roll back only once `minBadViews` page views went
 * wrong (one error in two views is no trend); a slower p75 only once the candidate has `minViews`.
 *
 * @param {Figures} candidate
 * @param {Figures} stable
 * @param {CanaryPolicy} policy
 * @returns {string | undefined}
 */
function failure(candidate, stable, policy) {
  const errorRatio = ratio(candidate.errors, candidate.views);
  if (candidate.errors >= policy.minBadViews && errorRatio > policy.maxErrorRatio) {
    return `error ratio ${percentText(errorRatio)} > ${percentText(policy.maxErrorRatio)} (stable ${percentText(ratio(stable.errors, stable.views))}; ${candidate.errors} of ${candidate.views} page views)`;
  }
  const failedRatio = ratio(candidate.failedLoads, candidate.views);
  if (candidate.failedLoads >= policy.minBadViews && failedRatio > policy.maxFailedLoadRatio) {
    return `failed loads ${percentText(failedRatio)} > ${percentText(policy.maxFailedLoadRatio)} (${candidate.failedLoads} of ${candidate.views} page views)`;
  }
  if (candidate.views < policy.minViews) return undefined;
  for (const [name, key] of /** @type {const} */ ([
    ['LCP', 'lcp'],
    ['INP', 'inp'],
  ])) {
    const mine = candidate[`${key}P75`];
    const theirs = stable[`${key}P75`];
    if (mine === undefined || theirs === undefined) continue;
    if (mine > theirs * policy.maxSlowdown && mine > policy.slowFloorMs[key]) {
      return `p75 ${name} ${Math.round(mine)} ms > ${policy.maxSlowdown} × stable ${Math.round(theirs)} ms`;
    }
  }
  return undefined;
}

/**
 * What to do with a candidate at `percent` of visitors, given the window's figures.
 *
 * @param {{ percent: number, candidate: Figures, stable: Figures, policy?: CanaryPolicy }} input
 * @returns {Decision}
 */
export function judge({ percent, candidate, stable, policy = DEFAULT_POLICY }) {
  const reason = failure(candidate, stable, policy);
  if (reason) return { action: 'rollback', reason };
  if (candidate.views < policy.minViews) {
    return { action: 'wait', reason: `${candidate.views} of ${policy.minViews} page views of the candidate so far` };
  }
  const summary = `${candidate.views} page views, error ratio ${percentText(ratio(candidate.errors, candidate.views))}, failed loads ${percentText(ratio(candidate.failedLoads, candidate.views))}`;
  const next = policy.steps.find((step) => step > percent);
  if (next === undefined) return { action: 'promote', reason: `good at ${percent} %: ${summary}` };
  return { action: 'step', percent: next, reason: `good at ${percent} %: ${summary}` };
}

/**
 * A policy from an environment's settings (`canaryPolicy` in its registry), over the defaults;
 * refuses, in one line, a setting that makes no sense.
 *
 * @param {unknown} settings
 * @returns {{ policy: CanaryPolicy } | { problem: string }}
 */
export function policyOf(settings) {
  if (settings === undefined) return { policy: DEFAULT_POLICY };
  if (settings === null || typeof settings !== 'object' || Array.isArray(settings)) {
    return { problem: '"canaryPolicy" must be an object' };
  }
  const unknown = Object.keys(settings).filter((key) => !Object.hasOwn(DEFAULT_POLICY, key));
  if (unknown.length > 0)
    return { problem: `"canaryPolicy" has no setting ${unknown.map((key) => JSON.stringify(key)).join(', ')}` };
  const policy = /** @type {CanaryPolicy} */ ({ ...DEFAULT_POLICY, ...settings });
  const { steps } = policy;
  const ascending =
    Array.isArray(steps) && steps.every((step, index) => Number.isInteger(step) && step > (steps[index - 1] ?? 0));
  if (!ascending || steps.at(-1) !== 100) {
    return { problem: '"canaryPolicy.steps" must be whole percents, ascending, ending at 100' };
  }
  for (const key of ['minViews', 'minBadViews']) {
    const value = policy[/** @type {'minViews' | 'minBadViews'} */ (key)];
    if (!Number.isInteger(value) || value < 1) return { problem: `"canaryPolicy.${key}" must be a whole number ≥ 1` };
  }
  for (const key of ['maxErrorRatio', 'maxFailedLoadRatio']) {
    const value = policy[/** @type {'maxErrorRatio' | 'maxFailedLoadRatio'} */ (key)];
    if (typeof value !== 'number' || !(value >= 0 && value < 1))
      return { problem: `"canaryPolicy.${key}" must be from 0 to 1` };
  }
  if (typeof policy.maxSlowdown !== 'number' || !(policy.maxSlowdown >= 1)) {
    return { problem: '"canaryPolicy.maxSlowdown" must be a number ≥ 1' };
  }
  const floors = policy.slowFloorMs;
  if (!floors || typeof floors.lcp !== 'number' || typeof floors.inp !== 'number') {
    return { problem: '"canaryPolicy.slowFloorMs" must give lcp and inp in milliseconds' };
  }
  return { policy };
}
