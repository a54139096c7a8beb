// @ts-check
// The figures canary-judgement.mjs judges: a candidate's and its stable version's, since the
// candidate's share last changed, with the PromQL every reader of the figures shares
// (contracts/src/telemetry-figures.js).
import { figureQueries, readFigures } from '@devhub/contracts/telemetry-figures';

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
