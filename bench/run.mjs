// `npm run bench`: the federated app against the same app built as one bundle (mono), served by
// the same static server with the same cache headers, over HTTP/2 (TLS, as a CDN serves it) and
// HTTP/1.1, the remotes under the shell's origin as a CDN serves published versions. Prints one table and writes bench/results.json and bench/results.md. Timings are
// reported here, never asserted in tests.
//
// BENCH_LOADS (15), BENCH_RTT_MS (40), BENCH_LIGHTHOUSE_RUNS (3), BENCH_BUILD_RUNS (3) and
// BENCH_PROTOCOLS ("h2,h1") shorten or change a run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { CliError, parseCliOrExit, runCli } from '../scripts/lib/cli.mjs';
import { browserAppDirs } from '../scripts/lib/workspace.mjs';

const USAGE = `usage: npm run bench
Builds every app and one bundle of the same app (mono), then measures the federated, prerendered
and mono sides over HTTP/2 and HTTP/1.1; writes bench/results.json and bench/results.md.
Environment: BENCH_LOADS (15) cold loads per route, BENCH_RTT_MS (40) added round trip,
BENCH_LIGHTHOUSE_RUNS (3), BENCH_BUILD_RUNS (3), BENCH_PROTOCOLS ("h2,h1").
  -h, --help  this help`;

parseCliOrExit('bench', { usage: USAGE });
// Loaded once the command line is understood: --help answers without loading a browser driver.
const { localCertificate } = await import('../scripts/lib/local-certificate.mjs');
const { closeServer, createStaticServer, listen } = await import('../scripts/lib/static-server.mjs');
const { launchBrowser } = await import('../e2e/support/browser.mjs');
const { ROOT, startStack } = await import('../e2e/support/stack.mjs');
const { BENCH_ROUTES, lighthouseMedians, measureRoute, median } = await import('./lib/measure.mjs');
const { measureFirstInput } = await import('./lib/first-input.mjs');
const { build, MONO_CONFIG } = await import('./lib/build.mjs');
const { telemetryReporterFile } = await import('../e2e/support/telemetry-reporter-file.mjs');

const LOADS = Number(process.env.BENCH_LOADS ?? 15);
// Loopback has no latency, which would hide the cost of sequential round trips: every request
// of the timed loads pays this much, as on a good real connection.
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const PROTOCOLS = (process.env.BENCH_PROTOCOLS ?? 'h2,h1').split(',');
const PROTOCOL_NAMES = { h2: 'HTTP/2', h1: 'HTTP/1.1' };
const APPS = browserAppDirs();
const MONO_DIR = join(ROOT, 'bench', 'tmp', 'mono');
const RESULTS_DIR = join(ROOT, 'bench');

async function buildTimes() {
  const perApp = Object.fromEntries(APPS.map((app) => [app, []]));
  const all = [];
  const mono = [];
  for (let run = 0; run < BUILD_RUNS; run += 1) {
    for (const app of APPS) perApp[app].push(await build(app));
    const started = performance.now();
    await Promise.all(APPS.map((app) => build(app)));
    all.push(performance.now() - started);
    mono.push(await build('shell', ['-c', MONO_CONFIG]));
  }
  return {
    perApp: Object.fromEntries(Object.entries(perApp).map(([app, times]) => [app, Math.round(median(times))])),
    all: Math.round(median(all)),
    mono: Math.round(median(mono)),
  };
}

async function measureVariant(browser, baseUrl, appOf) {
  const result = {};
  for (const route of BENCH_ROUTES)
    result[route.path] = await measureRoute(browser, baseUrl, route, { loads: LOADS, rttMs: RTT_MS, appOf });
  return result;
}

async function measureProtocol(browser, protocol) {
  // As a CDN serves published versions: the remotes under the shell's origin, one connection;
  // and the same with the public routes prerendered, as `npm run remotes -- use` leaves them.
  const stack = await startStack({ protocol, layout: 'cdn' });
  const prerendered = await startStack({ protocol, layout: 'cdn', prerender: true });
  const certificate = protocol === 'h2' ? await localCertificate() : undefined;
  const monoServer = createStaticServer({
    root: MONO_DIR,
    spa: true,
    files: { '/remotes.json': stack.registryFile },
    // Resource Timing's sizes of every file, as the measures read them (only a benchmark's server sends it).
    timingAllowOrigin: true,
    tls: certificate && { key: certificate.key, cert: certificate.cert },
  });
  const monoUrl = `${certificate ? 'https' : 'http'}://127.0.0.1:${await listen(monoServer, 0, '127.0.0.1')}`;
  const federatedAppOf = (url) => /^\/remotes\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? 'shell';
  try {
    console.log(`${PROTOCOL_NAMES[protocol]}: loading each route ${LOADS} times, cold…`);
    const federatedLoads = await measureVariant(browser, stack.shellUrl, federatedAppOf);
    const prerenderedLoads = await measureVariant(browser, prerendered.shellUrl, federatedAppOf);
    const monoLoads = await measureVariant(browser, monoUrl, () => 'mono');
    console.log(
      `${PROTOCOL_NAMES[protocol]}: a click on the theme toggle 50 ms after the first paint, ${LOADS} times…`,
    );
    const early = { loads: LOADS, rttMs: RTT_MS };
    const firstInput = {
      federated: await measureFirstInput(browser, stack.shellUrl, early),
      prerendered: await measureFirstInput(browser, prerendered.shellUrl, early),
      mono: await measureFirstInput(browser, monoUrl, early),
    };
    console.log(`${PROTOCOL_NAMES[protocol]}: Lighthouse (mobile), ${LIGHTHOUSE_RUNS} runs per route and side…`);
    return {
      federated: {
        loads: federatedLoads,
        lighthouse: await lighthouseMedians(stack.shellUrl, BENCH_ROUTES, LIGHTHOUSE_RUNS),
        firstInput: firstInput.federated,
      },
      prerendered: {
        loads: prerenderedLoads,
        lighthouse: await lighthouseMedians(prerendered.shellUrl, BENCH_ROUTES, LIGHTHOUSE_RUNS),
        firstInput: firstInput.prerendered,
      },
      mono: {
        loads: monoLoads,
        lighthouse: await lighthouseMedians(monoUrl, BENCH_ROUTES, LIGHTHOUSE_RUNS),
        firstInput: firstInput.mono,
      },
    };
  } finally {
    await stack.stop();
    await prerendered.stop();
    await closeServer(monoServer);
  }
}

const ratio = (federated, mono) => (mono > 0 ? (federated / mono).toFixed(2) : '-');

function table(results) {
  const header = ['metric', 'route'];
  for (const protocol of PROTOCOLS) {
    header.push(`${PROTOCOL_NAMES[protocol]} fed`, 'prerendered', 'mono', 'fed/mono', 'pre/mono');
  }
  const rows = [header];
  const add = (metric, path, pick, digits = 1) => {
    const row = [metric, path];
    for (const protocol of PROTOCOLS) {
      const { federated, prerendered, mono } = results.protocols[protocol];
      const [f, p, m] = [federated, prerendered, mono].map((variant) => pick(variant, path));
      const cell = (value) => (value === undefined ? '' : value.toFixed(digits));
      const ratioCell = (value) => (value === undefined || m === undefined ? '' : ratio(value, m));
      row.push(cell(f), cell(p), cell(m), ratioCell(f), ratioCell(p));
    }
    rows.push(row);
  };
  for (const { path } of BENCH_ROUTES) {
    add('JS gzip (KiB)', path, (v, p) => v.loads[p].jsKiB);
    const apps = Object.keys(results.protocols[PROTOCOLS[0]].federated.loads[path].perAppKiB);
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
    add('long tasks before content (ms)', path, (v, p) => v.loads[p].longTaskMs, 0);
    add('Lighthouse score', path, (v, p) => v.lighthouse[p].score, 0);
    add('Lighthouse FCP (ms)', path, (v, p) => v.lighthouse[p].fcpMs, 0);
    add('Lighthouse LCP (ms)', path, (v, p) => v.lighthouse[p].lcpMs, 0);
    add('TBT (ms)', path, (v, p) => v.lighthouse[p].tbtMs, 0);
    add('CLS', path, (v, p) => v.lighthouse[p].cls, 3);
  }
  // The home page only: the theme toggle is clicked there (bench/lib/first-input.mjs).
  add('first input handled (ms)', '/', (v) => v.firstInput?.handledMs);
  add('dead clicks (share)', '/', (v) => v.firstInput?.deadShare, 2);
  add('  of which clicked before hydration', '/', (v) => v.firstInput?.beforeHydration, 0);
  const buildRow = (metric, value, mono = '') => [
    metric,
    '',
    String(value),
    '',
    String(mono),
    mono === '' ? '' : ratio(value, mono),
  ];
  for (const [app, ms] of Object.entries(results.build.perApp)) rows.push(buildRow(`build ${app} (ms)`, ms));
  rows.push(buildRow('build all, in parallel (ms)', results.build.all, results.build.mono));
  // Loaded after the first page, so in no figure above: its bytes, as its budget test counts them.
  rows.push(buildRow('telemetry reporter, after content (KiB gzip)', results.telemetryReporterKiB.toFixed(2)));
  return rows.map((row) => [...row, ...Array(Math.max(0, header.length - row.length)).fill('')]);
}

function markdown(rows, results) {
  const lines = rows.map((row) => `| ${row.join(' | ')} |`);
  lines.splice(1, 0, `| ${rows[0].map(() => '---').join(' | ')} |`);
  return `# DevHub benchmark\n\n${results.date} · ${LOADS} cold loads per route (median), ${RTT_MS} ms added round-trip latency · Lighthouse: mobile, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs · builds: median of ${BUILD_RUNS}\n\n${lines.join('\n')}\n`;
}

async function main() {
  // A run needs at least one of each; the added latency may be none.
  const counts = { BENCH_LOADS: LOADS, BENCH_LIGHTHOUSE_RUNS: LIGHTHOUSE_RUNS, BENCH_BUILD_RUNS: BUILD_RUNS };
  for (const [name, value] of Object.entries({ ...counts, BENCH_RTT_MS: RTT_MS })) {
    const least = name in counts ? 1 : 0;
    if (!Number.isInteger(value) || value < least)
      throw new CliError(`${name} must be a whole number from ${least}, got "${process.env[name]}"`);
  }
  const unknown = PROTOCOLS.filter((protocol) => !(protocol in PROTOCOL_NAMES));
  if (unknown.length > 0) throw new CliError(`BENCH_PROTOCOLS: unknown protocol(s) ${unknown.join(', ')} (h2, h1)`);
  console.log(`Building (median of ${BUILD_RUNS})…`);
  const buildResults = await buildTimes();
  const telemetryReporterKiB = gzipSync(readFileSync(telemetryReporterFile()), { level: 9 }).length / 1024;
  const browser = await launchBrowser();
  const protocols = {};
  try {
    for (const protocol of PROTOCOLS) protocols[protocol] = await measureProtocol(browser, protocol);
  } finally {
    await browser.close();
  }
  const results = {
    date: new Date().toISOString(),
    loadsPerRoute: LOADS,
    rttMs: RTT_MS,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    build: buildResults,
    telemetryReporterKiB,
    protocols,
  };
  const rows = table(results);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.log(`\n${rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ')).join('\n')}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(RESULTS_DIR, 'results.md'), markdown(rows, results));
  console.log('Wrote bench/results.json and bench/results.md');
}

runCli('bench', main);
