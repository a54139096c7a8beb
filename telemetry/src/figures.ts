// The figures the remotes panel (/__remotes) shows: for each version the registry pins, stable and
// candidate, its page views, error and failed-load counts and p75 vitals over the last hour, and a
// chart of page views and errors in five-minute steps. Read from Prometheus with the queries
// `canary watch` judges by (contracts/src/telemetry-figures.js), so the panel and the terminal say
// the same; kept for a few seconds while the registry is unchanged, so however many browsers ask,
// Prometheus is asked a few times a minute.
import { resultOf } from '@devhub/contracts/prometheus-answer';
import {
  FIGURES_SCHEMA,
  PANEL_WINDOW,
  figureQueries,
  historyQueries,
  readFigures,
  type PanelFigures,
  type VersionFigures,
} from '@devhub/contracts/telemetry-figures';
import type { KnownLabels } from './known-labels.ts';

export interface FiguresOptions {
  /** Prometheus's base URL, e.g. http://127.0.0.1:9090. */
  prometheusUrl: string;
  known(): KnownLabels;
  /** How long an answer is kept. */
  cacheMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** Prometheus did not answer as it should: said in one line, without what it was asked. */
export class FiguresUnavailable extends Error {}

export interface FiguresSource {
  read(): Promise<PanelFigures>;
}

export function createFiguresSource(options: FiguresOptions): FiguresSource {
  const { prometheusUrl, known, cacheMs = 10_000, timeoutMs = 5_000, now = Date.now } = options;
  const base = prometheusUrl.replace(/\/+$/, '');
  let kept: { at: number; labels: KnownLabels; answer: Promise<PanelFigures> } | undefined;

  async function ask(path: string, parameters: Record<string, string>, kind: 'vector' | 'matrix') {
    let body: unknown;
    try {
      const response = await fetch(`${base}${path}?${new URLSearchParams(parameters)}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.json();
    } catch {
      throw new FiguresUnavailable(`Prometheus at ${base} did not answer`);
    }
    const answer = resultOf(body, kind);
    if ('problem' in answer) throw new FiguresUnavailable(`Prometheus refused a query: ${answer.problem}`);
    return answer.result;
  }

  async function versionFigures(
    labels: Parameters<typeof figureQueries>[0],
    percent: number,
    end: number,
  ): Promise<VersionFigures> {
    const query = async (promql: string) => {
      const [sample] = (await ask('/api/v1/query', { query: promql }, 'vector')) as Array<{
        value: number;
      }>;
      return sample?.value;
    };
    const range = (promql: string) =>
      ask(
        '/api/v1/query_range',
        {
          query: promql,
          start: String(end - PANEL_WINDOW.seconds + PANEL_WINDOW.stepSeconds),
          end: String(end),
          step: String(PANEL_WINDOW.stepSeconds),
        },
        'matrix',
      ) as Promise<Array<{ values: Array<{ time: number; value: number }> }>>;
    const history = historyQueries({ ...labels, stepSeconds: PANEL_WINDOW.stepSeconds });
    const [figures, views, errors] = await Promise.all([
      readFigures(figureQueries(labels), query),
      range(history.views),
      range(history.errors),
    ]);
    const errorsAt = new Map(errors[0]?.values.map(({ time, value }) => [time, value]));
    return {
      version: labels.version,
      role: labels.role,
      percent,
      ...figures,
      // increase() extrapolates: whole page views, and a step without samples is none.
      history: (views[0]?.values ?? []).map(({ time, value }) => ({
        at: Math.round(time),
        views: Math.round(Number.isFinite(value) ? value : 0),
        errors: Math.round(Number.isFinite(errorsAt.get(time)) ? errorsAt.get(time)! : 0),
      })),
    };
  }

  async function readNow(labels: KnownLabels): Promise<PanelFigures> {
    const { environment, remotes } = labels;
    if (environment === undefined) throw new FiguresUnavailable('the registry has not been read');
    // The chart's last point is now (the figures are Prometheus's now too): each point counts the
    // five minutes before it.
    const end = now() / 1000;
    const entries = await Promise.all(
      [...remotes].map(async ([remote, { stable, candidate, percent = 0, lastCanary }]) => {
        const pins = [
          ...(stable ? [{ version: stable, role: 'stable' as const, share: 100 - percent }] : []),
          ...(candidate ? [{ version: candidate, role: 'candidate' as const, share: percent }] : []),
        ];
        const versions = await Promise.all(
          pins.map(({ share, ...pin }) =>
            versionFigures({ environment, remote, ...pin, windowSeconds: PANEL_WINDOW.seconds }, share, end),
          ),
        );
        return [remote, { versions, ...(lastCanary ? { last: lastCanary } : {}) }] as const;
      }),
    );
    return {
      schema: FIGURES_SCHEMA,
      environment,
      windowSeconds: PANEL_WINDOW.seconds,
      stepSeconds: PANEL_WINDOW.stepSeconds,
      remotes: Object.fromEntries(entries),
    };
  }

  return {
    read() {
      // A registry read anew (a candidate rolled back, a share stepped up) is answered anew at once.
      const labels = known();
      if (kept && kept.labels === labels && now() - kept.at < cacheMs) return kept.answer;
      const answer = readNow(labels);
      kept = { at: now(), labels, answer };
      // A failed answer is not kept: the next request asks again.
      answer.catch(() => {
        if (kept?.answer === answer) kept = undefined;
      });
      return answer;
    },
  };
}
