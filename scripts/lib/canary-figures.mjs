// @ts-check
// What visitors' browsers reported of one version of a remote, read from Prometheus with PromQL
// over the collector's metrics (telemetry/src/metrics.ts): the figures canary-judgement.mjs judges.

/** Outcomes of a load that never ran the remote's page. */
const FAILED_LOAD = 'failed|refused-compatibility|refused-integrity';

/**
 * A PromQL label matcher's value: the label values come from the registry, quoted all the same.
 *
 * @param {string} value
 */
const quoted = (value) => JSON.stringify(value);

/**
 * The PromQL of each figure of `version` of `remote` in `environment`, over the last `windowSeconds`.
 *
 * @param {{ environment: string, remote: string, version: string, role: 'stable' | 'candidate', windowSeconds: number }} of
 */
export function figureQueries({ environment, remote, version, role, windowSeconds }) {
  const labels = `environment=${quoted(environment)},remote=${quoted(remote)},version=${quoted(version)},role=${quoted(role)}`;
  const window = `[${Math.max(1, Math.round(windowSeconds))}s]`;
  const count = (/** @type {string} */ metric, extra = '') =>
    `(sum(increase(${metric}{${labels}${extra}}${window})) or vector(0))`;
  const p75 = (/** @type {string} */ vital) =>
    `histogram_quantile(0.75, sum by (le) (increase(devhub_web_vital_milliseconds_bucket{${labels},metric="${vital}"}${window})))`;
  return {
    views: count('devhub_remote_loads_total'),
    failedLoads: count('devhub_remote_loads_total', `,outcome=~"${FAILED_LOAD}"`),
    errors: `${count('devhub_remote_loads_total', ',outcome="boundary-error"')} + ${count('devhub_remote_errors_total')}`,
    lcpP75: p75('lcp'),
    inpP75: p75('inp'),
  };
}

/**
 * The figures of one version, each query asked of Prometheus through `query` (the first value of
 * its vector, none for an empty one or NaN: a quantile without samples).
 *
 * @param {ReturnType<typeof figureQueries>} queries
 * @param {(promql: string) => Promise<number | undefined>} query
 * @returns {Promise<import('./canary-judgement.mjs').Figures>}
 */
export async function readFigures(queries, query) {
  const value = async (/** @type {string} */ promql) => {
    const result = await query(promql);
    return result === undefined || Number.isNaN(result) ? undefined : result;
  };
  const [views, failedLoads, errors, lcpP75, inpP75] = await Promise.all([
    value(queries.views),
    value(queries.failedLoads),
    value(queries.errors),
    value(queries.lcpP75),
    value(queries.inpP75),
  ]);
  // increase() extrapolates to the window's edges: counts are whole page views.
  return {
    views: Math.round(views ?? 0),
    failedLoads: Math.round(failedLoads ?? 0),
    errors: Math.round(errors ?? 0),
    lcpP75,
    inpP75,
  };
}

/** The shortest window judged: a few scrapes of the collector. */
const MIN_WINDOW_SECONDS = 60;
/** The longest: older page views say little of the version running now. */
const MAX_WINDOW_SECONDS = 3600;

/**
 * The figures of a pin's candidate and of its stable version, since the candidate's share last
 * changed (at least a minute, at most an hour back).
 *
 * @param {{
 *   environment: string,
 *   remote: string,
 *   pin: import('@devhub/contracts/registry').RegistryPin & { version: string, candidate: import('@devhub/contracts/registry').CandidatePin },
 *   query: (promql: string) => Promise<number | undefined>,
 *   now?: () => number,
 * }} of
 */
export async function candidateFigures({ environment, remote, pin, query, now = Date.now }) {
  const { candidate } = pin;
  const since = Date.parse(candidate.stepped ?? candidate.started ?? '') || now() - MIN_WINDOW_SECONDS * 1000;
  const windowSeconds = Math.min(MAX_WINDOW_SECONDS, Math.max(MIN_WINDOW_SECONDS, (now() - since) / 1000));
  /** @param {string} version @param {'stable' | 'candidate'} role */
  const of = (version, role) => figureQueries({ environment, remote, version, role, windowSeconds });
  const [mine, theirs] = await Promise.all([
    readFigures(of(candidate.version, 'candidate'), query),
    readFigures(of(pin.version, 'stable'), query),
  ]);
  return { candidate: mine, stable: theirs, windowSeconds };
}
