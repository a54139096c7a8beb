// The collector's Prometheus metrics (prom-client), one registry per collector. Every label value
// is either one of a few fixed words or something the registry names (known-labels.ts), so the
// number of series is bounded by the registry, whatever the beacons say.
import { OUTCOMES, ROLES, type Beacon, type PageView, type RemoteUse } from '@devhub/contracts/telemetry';
import { Counter, Histogram, Registry } from 'prom-client';
import { OTHER, type KnownLabels } from './known-labels.ts';

// Around the "good" and "poor" thresholds of each vital (INP 200/500, LCP 2500/4000, TTFB
// 800/1800 ms; CLS 0.1/0.25), so a p75 from histogram_quantile lands close on either side.
const MILLISECOND_BUCKETS = [
  50, 100, 150, 200, 300, 400, 500, 650, 800, 1000, 1300, 1800, 2500, 3000, 4000, 5000, 7000, 10000, 20000, 60000,
];
const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.4, 0.6, 1, 2, 5];

/** What became of a request to POST /api/telemetry. */
const BEACON_RESULTS = ['accepted', 'refused', 'malformed', 'too-large', 'unsupported', 'rate-limited'] as const;
export type BeaconResult = (typeof BEACON_RESULTS)[number];

const REMOTE_LABELS = ['environment', 'remote', 'version', 'role'] as const;

export interface CollectorMetrics {
  registry: Registry;
  record(beacon: Beacon, known: KnownLabels): void;
  counted(result: BeaconResult): void;
  /**
   * Starts at zero the counters of every version the registry names, each role and outcome:
   * Prometheus's increase() counts from a series' first sample, so the page views of a series
   * born with its first beacon (a candidate's first errors) would not be counted.
   */
  prime(known: KnownLabels): void;
}

type RemoteLabels = Record<(typeof REMOTE_LABELS)[number], string>;

export function createMetrics(): CollectorMetrics {
  const registry = new Registry();
  const registers = [registry];
  const loads = new Counter({
    name: 'devhub_remote_loads_total',
    help: 'Remotes used by page views, by the version that ran, its role and how it fared.',
    labelNames: [...REMOTE_LABELS, 'outcome'],
    registers,
  });
  const errors = new Counter({
    name: 'devhub_remote_errors_total',
    help: "Page views in which the browser caught uncaught errors of a remote's files (once a view, however many).",
    labelNames: REMOTE_LABELS,
    registers,
  });
  const vitals = new Histogram({
    name: 'devhub_web_vital_milliseconds',
    help: 'LCP, INP and TTFB of page views, by the remote that served the page and its route.',
    labelNames: [...REMOTE_LABELS, 'route', 'metric'],
    buckets: MILLISECOND_BUCKETS,
    registers,
  });
  const cls = new Histogram({
    name: 'devhub_cls',
    help: 'Cumulative Layout Shift of page views, by the remote that served the page and its route.',
    labelNames: [...REMOTE_LABELS, 'route'],
    buckets: CLS_BUCKETS,
    registers,
  });
  const beacons = new Counter({
    name: 'devhub_telemetry_beacons_total',
    help: 'Requests to POST /api/telemetry, by what became of them.',
    labelNames: ['result'],
    registers,
  });
  // Every result from zero, as the page views' counters (prime): a first flood is an increase too.
  for (const result of BEACON_RESULTS) beacons.inc({ result }, 0);

  function recordView(view: PageView, environment: string, known: KnownLabels) {
    const labelsOf = (use: RemoteUse): RemoteLabels => {
      const remote = known.remotes.get(use.remote);
      return {
        environment,
        remote: remote ? use.remote : OTHER,
        version: remote?.versions.has(use.version) ? use.version : OTHER,
        role: use.role,
      };
    };
    const uses = new Map(view.remotes.map((use) => [use.remote, use]));
    for (const use of view.remotes) loads.inc({ ...labelsOf(use), outcome: use.outcome });
    // A page view that went wrong counts once: one view cannot outweigh many (canary watch judges views).
    for (const { remote } of view.errors ?? []) {
      const use = uses.get(remote);
      if (use) errors.inc(labelsOf(use), 1);
    }
    // The vitals are the page's: they go to the remote that served it, none for a page of the shell's own.
    const page = view.servedBy === undefined ? undefined : uses.get(view.servedBy);
    if (!page || !view.vitals) return;
    const labels = labelsOf(page);
    const route = known.remotes.get(page.remote)?.routes.has(view.route) ? view.route : OTHER;
    for (const metric of ['lcp', 'inp', 'ttfb'] as const) {
      const value = view.vitals[metric];
      if (value !== undefined) vitals.observe({ ...labels, route, metric }, value);
    }
    if (view.vitals.cls !== undefined) cls.observe({ ...labels, route }, view.vitals.cls);
  }

  return {
    registry,
    record(beacon, known) {
      const environment = beacon.environment === known.environment ? beacon.environment : OTHER;
      for (const view of beacon.views) recordView(view, environment, known);
    },
    counted(result) {
      beacons.inc({ result });
    },
    prime({ environment, remotes }) {
      if (environment === undefined) return;
      for (const [remote, { versions }] of remotes) {
        for (const version of versions) {
          for (const role of ROLES) {
            errors.inc({ environment, remote, version, role }, 0);
            for (const outcome of OUTCOMES) loads.inc({ environment, remote, version, role, outcome }, 0);
          }
        }
      }
    },
  };
}
