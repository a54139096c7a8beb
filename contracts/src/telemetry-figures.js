// @ts-check
// What visitors' browsers reported of one version of a remote, as figures read from Prometheus
// with PromQL over the collector's metrics (telemetry/src/metrics.ts): the one set of queries that
// `remotes canary watch` judges by, `canary status` prints and the collector answers the remotes
// panel with (GET /api/telemetry/figures), so the three never disagree. Also that answer's shape
// and its one check, which the shell reads it through.

/** Outcomes of a load that never ran the remote's page. */
const FAILED_LOAD = 'failed|refused-compatibility|refused-integrity';

/** Where the collector answers the remotes panel, under every public server's telemetry path. */
export const FIGURES_PATH = '/api/telemetry/figures';

/** Bumped when the answer's shape changes; the panel refuses a schema it does not know. */
export const FIGURES_SCHEMA = 1;

/** The panel's window and its chart's steps: the last hour, in twelve steps of five minutes. */
export const PANEL_WINDOW = Object.freeze({ seconds: 3600, stepSeconds: 300 });

/**
 * @typedef {object} Figures  one version's page views over a window
 * @property {number} views  page views that used it
 * @property {number} failedLoads  of them, loads that failed or were refused (compatibility, integrity)
 * @property {number} errors  page errors: pages that threw into their boundary, and uncaught errors of its files
 * @property {number | undefined} lcpP75  milliseconds, none without samples
 * @property {number | undefined} inpP75  milliseconds, none without samples
 */

/**
 * @typedef {{ environment: string, remote: string, version: string, role: 'stable' | 'candidate' }} VersionLabels
 */

/**
 * A PromQL label matcher's value: the label values come from the registry, quoted all the same.
 *
 * @param {string} value
 */
const quoted = (value) => JSON.stringify(value);

/** @param {VersionLabels} of */
const labelsOf = ({ environment, remote, version, role }) =>
  `environment=${quoted(environment)},remote=${quoted(remote)},version=${quoted(version)},role=${quoted(role)}`;

/**
 * The PromQL of a page count of `metric` over `window` ("[300s]"), 0 without a series.
 *
 * @param {string} labels @param {string} window @param {string} metric @param {string} [extra]
 */
const count = (labels, window, metric, extra = '') =>
  `(sum(increase(${metric}{${labels}${extra}}${window})) or vector(0))`;

/** @param {string} labels @param {string} window */
const errorCount = (labels, window) =>
  `${count(labels, window, 'devhub_remote_loads_total', ',outcome="boundary-error"')} + ${count(labels, window, 'devhub_remote_errors_total')}`;

/**
 * The PromQL of each figure of one version over the last `windowSeconds`.
 *
 * @param {VersionLabels & { windowSeconds: number }} of
 */
export function figureQueries(of) {
  const labels = labelsOf(of);
  const window = `[${Math.max(1, Math.round(of.windowSeconds))}s]`;
  const p75 = (/** @type {string} */ vital) =>
    `histogram_quantile(0.75, sum by (le) (increase(devhub_web_vital_milliseconds_bucket{${labels},metric="${vital}"}${window})))`;
  return {
    views: count(labels, window, 'devhub_remote_loads_total'),
    failedLoads: count(labels, window, 'devhub_remote_loads_total', `,outcome=~"${FAILED_LOAD}"`),
    errors: errorCount(labels, window),
    lcpP75: p75('lcp'),
    inpP75: p75('inp'),
  };
}

/**
 * The PromQL of one version's page views and errors in each step of `stepSeconds`: asked as a
 * range query with that step, each point counts the step that ends there.
 *
 * @param {VersionLabels & { stepSeconds: number }} of
 */
export function historyQueries(of) {
  const labels = labelsOf(of);
  const window = `[${Math.max(1, Math.round(of.stepSeconds))}s]`;
  return { views: count(labels, window, 'devhub_remote_loads_total'), errors: errorCount(labels, window) };
}

/**
 * The figures of one version, each query asked of Prometheus through `query` (the first value of
 * its vector, none for an empty one or NaN: a quantile without samples).
 *
 * @param {ReturnType<typeof figureQueries>} queries
 * @param {(promql: string) => Promise<number | undefined>} query
 * @returns {Promise<Figures>}
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

/**
 * @typedef {object} HistoryPoint  one step of the chart
 * @property {number} at  the step's end, Unix seconds
 * @property {number} views
 * @property {number} errors
 */

/**
 * @typedef {Figures & { version: string, role: 'stable' | 'candidate', percent: number, history: HistoryPoint[] }} VersionFigures
 *   percent: the share of visitors the registry gives it now
 */

/**
 * @typedef {object} LastCanary  the newest entry of a pin's canaryHistory
 * @property {string} version
 * @property {'promoted' | 'aborted'} outcome
 * @property {string} at  ISO 8601
 * @property {string} [reason]  why it was aborted, with the figures `canary watch` judged by
 */

/**
 * @typedef {{ versions: VersionFigures[], last?: LastCanary }} RemoteFigures
 */

/**
 * The collector's answer to the remotes panel: each live version of each remote the registry pins,
 * over the last PANEL_WINDOW.
 *
 * @typedef {object} PanelFigures
 * @property {1} schema
 * @property {string} environment
 * @property {number} windowSeconds
 * @property {number} stepSeconds
 * @property {Record<string, RemoteFigures>} remotes  none when `unavailable`
 * @property {string} [unavailable]  why the collector has no figures to give (it knows no Prometheus), in English
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
/** @param {unknown} value */
const isCount = (value) => Number.isInteger(value) && /** @type {number} */ (value) >= 0;
/** @param {unknown} value */
const isOptionalMs = (value) =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0);

/** @param {unknown} last */
const isLastCanary = (last) =>
  last === undefined ||
  (isRecord(last) &&
    typeof last.version === 'string' &&
    (last.outcome === 'promoted' || last.outcome === 'aborted') &&
    typeof last.at === 'string' &&
    (last.reason === undefined || typeof last.reason === 'string'));

/**
 * The newest entry of a registry pin's canaryHistory (as `remotes canary` writes it), as the panel
 * shows it; none when the pin has none, or a malformed one.
 *
 * @param {unknown} pin
 * @returns {LastCanary | undefined}
 */
export function lastCanaryOf(pin) {
  const last = isRecord(pin) && Array.isArray(pin.canaryHistory) ? pin.canaryHistory[0] : undefined;
  if (last === undefined || !isLastCanary(last)) return undefined;
  const { version, outcome, at, reason } = /** @type {LastCanary} */ (last);
  return { version, outcome, at, ...(reason === undefined ? {} : { reason }) };
}

/**
 * The panel's figures in `raw` (the collector's JSON), or why not, in English.
 *
 * @param {unknown} raw
 * @returns {{ figures: PanelFigures } | { problem: string }}
 */
export function parsePanelFigures(raw) {
  if (!isRecord(raw) || raw.schema !== FIGURES_SCHEMA) return { problem: `not figures of schema ${FIGURES_SCHEMA}` };
  const { environment, windowSeconds, stepSeconds, remotes } = raw;
  if (typeof environment !== 'string' || !isCount(windowSeconds) || !isCount(stepSeconds) || !isRecord(remotes))
    return { problem: 'environment, windowSeconds, stepSeconds or remotes missing' };
  if (raw.unavailable !== undefined && typeof raw.unavailable !== 'string')
    return { problem: 'unavailable is no text' };
  for (const [remote, entry] of Object.entries(remotes)) {
    const versions = isRecord(entry) ? entry.versions : undefined;
    const good =
      Array.isArray(versions) &&
      versions.every(
        (version) =>
          isRecord(version) &&
          typeof version.version === 'string' &&
          (version.role === 'stable' || version.role === 'candidate') &&
          isCount(version.percent) &&
          isCount(version.views) &&
          isCount(version.errors) &&
          isCount(version.failedLoads) &&
          isOptionalMs(version.lcpP75) &&
          isOptionalMs(version.inpP75) &&
          Array.isArray(version.history) &&
          version.history.every(
            (point) => isRecord(point) && isCount(point.at) && isCount(point.views) && isCount(point.errors),
          ),
      ) &&
      isLastCanary(/** @type {Record<string, unknown>} */ (entry).last);
    if (!good) return { problem: `the figures of ${JSON.stringify(remote).slice(0, 40)} are malformed` };
  }
  return { figures: /** @type {PanelFigures} */ (raw) };
}
