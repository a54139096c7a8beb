// `npm run bench`'s tables: one per profile (lib/profiles.mjs), the federated, prerendered and
// mono sides side by side for each protocol with their ratios to mono, and one of the builds.
import { BENCH_ROUTES } from './measure.mjs';

export const PROTOCOL_NAMES = { h2: 'HTTP/2', h1: 'HTTP/1.1' };

const ratio = (federated, mono) => (mono > 0 ? (federated / mono).toFixed(2) : '-');

/** The rows of one profile's table: `profile.protocols[protocol]` holds each side's figures. */
export function profileTable(profile, protocols) {
  const header = ['metric', 'route'];
  for (const protocol of protocols) {
    header.push(`${PROTOCOL_NAMES[protocol]} fed`, 'prerendered', 'mono', 'fed/mono', 'pre/mono');
  }
  const rows = [header];
  const add = (metric, path, pick, digits = 1) => {
    const row = [metric, path];
    for (const protocol of protocols) {
      const { federated, prerendered, mono } = profile.protocols[protocol];
      const [f, p, m] = [federated, prerendered, mono].map((variant) => pick(variant, path));
      const cell = (value) => (value === undefined ? '' : value.toFixed(digits));
      const ratioCell = (value) => (value === undefined || m === undefined ? '' : ratio(value, m));
      row.push(cell(f), cell(p), cell(m), ratioCell(f), ratioCell(p));
    }
    rows.push(row);
  };
  const lighthouse = profile.protocols[protocols[0]].federated.lighthouse !== undefined;
  for (const { path } of BENCH_ROUTES) {
    add('JS gzip (KiB)', path, (v, p) => v.loads[p].jsKiB);
    const apps = Object.keys(profile.protocols[protocols[0]].federated.loads[path].perAppKiB);
    for (const app of apps)
      add(`  of which ${app}`, path, (v, p) =>
        v.loads[p].perAppKiB.mono === undefined ? v.loads[p].perAppKiB[app] : undefined,
      );
    add('requests before content', path, (v, p) => v.loads[p].requests, 0);
    add('script round trips', path, (v, p) => v.loads[p].depth, 0);
    add('loads served prerendered', path, (v, p) => v.loads[p].hydratedLoads, 0);
    add('first contentful paint (ms)', path, (v, p) => v.loads[p].fcpMs);
    add('largest contentful paint (ms)', path, (v, p) => v.loads[p].lcpMs);
    add('time to content, interactive (ms)', path, (v, p) => v.loads[p].ttcMs);
    add('main-thread time before content (ms)', path, (v, p) => v.loads[p].mainThreadMs, 0);
    add('long tasks before content (ms)', path, (v, p) => v.loads[p].longTaskMs, 0);
    if (!lighthouse) continue;
    add('Lighthouse score', path, (v, p) => v.lighthouse[p].score, 0);
    add('Lighthouse FCP (ms)', path, (v, p) => v.lighthouse[p].fcpMs, 0);
    add('Lighthouse LCP (ms)', path, (v, p) => v.lighthouse[p].lcpMs, 0);
    add('TBT (ms)', path, (v, p) => v.lighthouse[p].tbtMs, 0);
    add('CLS', path, (v, p) => v.lighthouse[p].cls, 3);
  }
  // The home page only: the theme toggle is clicked there (bench/lib/first-input.mjs).
  add('click at first paint, handled (ms, median)', '/', (v) => v.firstInput?.handledMs);
  add('click at first paint, handled (ms, p75)', '/', (v) => v.firstInput?.handledP75Ms);
  add('dead clicks (share)', '/', (v) => v.firstInput?.deadShare, 2);
  add('  of which clicked before hydration', '/', (v) => v.firstInput?.beforeHydration, 0);
  return rows;
}

/** The builds' rows: each app alone, all in parallel against mono, and the reporter's bytes. */
export function buildTable(results) {
  const rows = [['metric', 'federated', 'mono', 'fed/mono']];
  for (const [app, ms] of Object.entries(results.build.perApp)) rows.push([`build ${app} (ms)`, String(ms), '', '']);
  const { all, mono } = results.build;
  rows.push(['build all, in parallel (ms)', String(all), String(mono), ratio(all, mono)]);
  // Loaded after the first page, so in no figure of the profiles: its bytes, as its budget test counts them.
  rows.push(['telemetry reporter, after content (KiB gzip)', results.telemetryReporterKiB.toFixed(2), '', '']);
  return rows;
}

/** Rows as plain text with padded columns, for the terminal. */
export function plainTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows.map((row) => row.map((cell, i) => (cell ?? '').padEnd(widths[i])).join('  ')).join('\n');
}

/** Rows as a Markdown table. */
export function markdownTable(rows) {
  const lines = rows.map((row) => `| ${row.join(' | ')} |`);
  lines.splice(1, 0, `| ${rows[0].map(() => '---').join(' | ')} |`);
  return lines.join('\n');
}
