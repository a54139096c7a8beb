// @ts-check
// What Prometheus's HTTP API answers a query with (https://prometheus.io/docs/prometheus/latest/querying/api/),
// read once for every reader of the figures: the CLI (scripts/lib/prometheus.mjs) and the collector.

/** A sample's value as Prometheus writes it: a decimal, NaN, +Inf or -Inf. */
const sampleValue = (/** @type {string} */ text) =>
  text === '+Inf' ? Infinity : text === '-Inf' ? -Infinity : Number(text);

/**
 * @typedef {{ metric: Record<string, string>, value: number, time: number }} Sample
 *   one series of an instant vector: its labels, its value, and the evaluation time (Unix seconds)
 */

/**
 * @typedef {{ metric: Record<string, string>, values: Array<{ time: number, value: number }> }} Series
 *   one series of a range query's matrix
 */

/**
 * The instant vector (`/api/v1/query`) or the matrix (`/api/v1/query_range`) in `body`, or why
 * there is none, in one English line.
 *
 * @template {'vector' | 'matrix'} K
 * @param {any} body  the answer's parsed JSON
 * @param {K} kind
 * @returns {{ result: K extends 'vector' ? Sample[] : Series[] } | { problem: string }}
 */
export function resultOf(body, kind) {
  if (body?.status !== 'success') {
    return { problem: typeof body?.error === 'string' ? body.error.replace(/\s+/g, ' ').trim() : 'no success' };
  }
  if (body.data?.resultType !== kind || !Array.isArray(body.data.result)) {
    return {
      problem: `a ${body.data?.resultType ?? 'malformed'} result, not ${kind === 'vector' ? 'an instant vector' : 'a matrix'}`,
    };
  }
  /** @type {any[]} */
  const result = body.data.result;
  return /** @type {any} */ ({
    result:
      kind === 'vector'
        ? result.map((sample) => ({
            metric: sample.metric,
            value: sampleValue(sample.value[1]),
            time: sample.value[0],
          }))
        : result.map((series) => ({
            metric: series.metric,
            values: series.values.map((/** @type {[number, string]} */ [time, value]) => ({
              time,
              value: sampleValue(value),
            })),
          })),
  });
}
