// `npm run bench`: the federated app against the same app built as one bundle (mono), served
// by the same static server with the same cache headers. Prints one table and writes
// bench/results.json and bench/results.md. Timings are reported here, never asserted in tests.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createStaticServer, listen } from '../../scripts/lib/static-server.mjs';
import { CHROMIUM_PATH, launchBrowser } from '../support/browser.mjs';
import { contentMark, loadCold } from '../support/first-load.mjs';
import { ROOT, startStack } from '../support/stack.mjs';

const LOADS = Number(process.env.BENCH_LOADS ?? 15);
// Loopback has no latency, which would hide the cost of sequential round trips: every request
// of the timed loads pays this much, as on a good real connection.
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const APPS = ['shell', 'remote-catalog', 'remote-auth', 'remote-account'];
const MONO_DIR = join(ROOT, 'e2e', 'bench', 'tmp', 'mono');
const RESULTS_DIR = join(ROOT, 'bench');
const ROUTES = [
  { path: '/', mark: contentMark('catalog/HomePage') },
  { path: '/blog', mark: contentMark('catalog/ListingPage') },
  { path: '/signin', mark: contentMark('auth/SignInPage') },
];
const rspackCli = join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function build(dir, env = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [rspackCli, 'build'], {
      cwd: join(ROOT, dir),
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${dir} build failed:\n${errors}`)),
    );
  });
}

async function buildTimes() {
  const perApp = Object.fromEntries(APPS.map((app) => [app, []]));
  const all = [];
  const mono = [];
  for (let run = 0; run < BUILD_RUNS; run += 1) {
    for (const app of APPS) perApp[app].push(await build(app));
    const started = performance.now();
    await Promise.all(APPS.map((app) => build(app)));
    all.push(performance.now() - started);
    mono.push(await build('shell', { DEVHUB_BUILD_MODE: 'mono' }));
  }
  return {
    perApp: Object.fromEntries(Object.entries(perApp).map(([app, times]) => [app, Math.round(median(times))])),
    all: Math.round(median(all)),
    mono: Math.round(median(mono)),
  };
}

/**
 * Sequential round trips: a resource's depth is one more than the deepest script or fetch
 * that had finished before it started (the critical request chain, read from Resource Timing).
 */
function chainDepth(resources) {
  const chain = resources.filter(
    (r) =>
      r.initiatorType === 'script' ||
      r.initiatorType === 'fetch' ||
      r.initiatorType === 'link' ||
      r.name.endsWith('.js'),
  );
  const depth = new Map();
  for (const resource of [...chain].sort((a, b) => a.startTime - b.startTime)) {
    let parent = 0;
    for (const [other, otherDepth] of depth) {
      if (other.responseEnd <= resource.startTime) parent = Math.max(parent, otherDepth);
    }
    depth.set(resource, parent + 1);
  }
  return Math.max(0, ...depth.values());
}

async function measureLoad(browser, url, mark, appOf) {
  const { ttc, beforeContent, scripts, jsBytes } = await loadCold(browser, url, mark, { rttMs: RTT_MS });
  const perApp = {};
  for (const script of scripts) perApp[appOf(script.name)] = (perApp[appOf(script.name)] ?? 0) + script.encodedBodySize;
  return {
    ttc,
    jsBytes,
    perApp,
    requests: beforeContent.length + 1,
    depth: chainDepth(beforeContent.filter((r) => r.responseEnd <= ttc)),
  };
}

async function measureVariant(browser, baseUrl, appOf) {
  const result = {};
  for (const route of ROUTES) {
    const loads = [];
    for (let i = 0; i < LOADS; i += 1)
      loads.push(await measureLoad(browser, `${baseUrl}${route.path}`, route.mark, appOf));
    const apps = [...new Set(loads.flatMap((load) => Object.keys(load.perApp)))];
    result[route.path] = {
      jsKiB: median(loads.map((l) => l.jsBytes)) / 1024,
      perAppKiB: Object.fromEntries(apps.map((app) => [app, median(loads.map((l) => l.perApp[app] ?? 0)) / 1024])),
      requests: median(loads.map((l) => l.requests)),
      depth: median(loads.map((l) => l.depth)),
      ttcMs: median(loads.map((l) => l.ttc)),
    };
  }
  return result;
}

async function lighthouseScores(baseUrl) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const scores = {};
    for (const route of ROUTES) {
      const { lhr } = await lighthouse(`${baseUrl}${route.path}`, {
        port: chrome.port,
        output: 'json',
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      scores[route.path] = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      };
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}

function ratio(federated, mono) {
  return mono > 0 ? Number((federated / mono).toFixed(2)) : null;
}

function table(results) {
  const rows = [['metric', 'route', 'federated', 'mono', 'ratio']];
  const add = (metric, route, f, m, digits = 1) =>
    rows.push([metric, route, f.toFixed(digits), m.toFixed(digits), String(ratio(f, m) ?? '-')]);
  for (const { path } of ROUTES) {
    const f = results.federated.loads[path];
    const m = results.mono.loads[path];
    add('JS gzip (KiB)', path, f.jsKiB, m.jsKiB);
    for (const [app, kib] of Object.entries(f.perAppKiB))
      rows.push([`  of which ${app}`, path, kib.toFixed(1), '', '']);
    add('requests', path, f.requests, m.requests, 0);
    add('script round trips', path, f.depth, m.depth, 0);
    add('time to content (ms)', path, f.ttcMs, m.ttcMs);
    const lf = results.federated.lighthouse[path];
    const lm = results.mono.lighthouse[path];
    add('Lighthouse score', path, lf.score, lm.score, 0);
    add('LCP (ms)', path, lf.lcpMs, lm.lcpMs, 0);
    add('TBT (ms)', path, lf.tbtMs, lm.tbtMs, 0);
    add('CLS', path, lf.cls, lm.cls, 3);
  }
  for (const [app, ms] of Object.entries(results.build.perApp))
    rows.push([`build ${app} (ms)`, '', String(ms), '', '']);
  rows.push([
    'build all (ms)',
    '',
    String(results.build.all),
    String(results.build.mono),
    String(ratio(results.build.all, results.build.mono)),
  ]);
  return rows;
}

function markdown(rows, results) {
  const lines = rows.map((row) => `| ${row.join(' | ')} |`);
  lines.splice(1, 0, `| ${rows[0].map(() => '---').join(' | ')} |`);
  return `# DevHub benchmark\n\n${results.date} · ${LOADS} cold loads per route (median), ${RTT_MS} ms added round-trip latency · Lighthouse: mobile, simulated throttling · builds: median of ${BUILD_RUNS}\n\n${lines.join('\n')}\n`;
}

async function main() {
  console.log(`Building (median of ${BUILD_RUNS})…`);
  const buildResults = await buildTimes();

  const stack = await startStack();
  const monoServer = createStaticServer({ root: MONO_DIR, spa: true });
  const monoUrl = `http://127.0.0.1:${await listen(monoServer, 0, '127.0.0.1')}`;
  const origins = Object.fromEntries(Object.entries(stack.remotes).map(([name, url]) => [new URL(url).origin, name]));
  const federatedAppOf = (url) => origins[new URL(url).origin] ?? 'shell';
  const browser = await launchBrowser();
  try {
    console.log(`Loading each route ${LOADS} times, cold…`);
    const federatedLoads = await measureVariant(browser, stack.shellUrl, federatedAppOf);
    const monoLoads = await measureVariant(browser, monoUrl, () => 'mono');
    console.log('Lighthouse (mobile)…');
    const results = {
      date: new Date().toISOString(),
      loadsPerRoute: LOADS,
      rttMs: RTT_MS,
      build: buildResults,
      federated: { loads: federatedLoads, lighthouse: await lighthouseScores(stack.shellUrl) },
      mono: { loads: monoLoads, lighthouse: await lighthouseScores(monoUrl) },
    };
    const rows = table(results);
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    console.log(`\n${rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ')).join('\n')}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, 'results.md'), markdown(rows, results));
    console.log('Wrote bench/results.json and bench/results.md');
  } finally {
    await browser.close();
    await stack.stop();
    monoServer.close();
    monoServer.closeAllConnections();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
