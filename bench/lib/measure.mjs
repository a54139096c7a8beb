// What the benchmark and the A/B runs measure of a cold page load, and how they sum it up.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.mjs';
import { contentMark, loadCold } from '../../e2e/support/first-load.mjs';

/** The routes measured: the home page, a listing and the sign-in page (three remotes' worth of paths). */
export const BENCH_ROUTES = [
  { path: '/', mark: contentMark('catalog/HomePage') },
  { path: '/blog', mark: contentMark('catalog/ListingPage') },
  { path: '/signin', mark: contentMark('auth/SignInPage') },
];

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The 75th percentile (nearest rank), as Web Vitals reports INP over visits. @param {number[]} values */
export function p75(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1];
}

/**
 * Sequential round trips: a resource's depth is one more than the deepest script or fetch
 * that had finished before it started (the critical request chain, read from Resource Timing).
 */
export function chainDepth(resources) {
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

/**
 * One cold load under `conditions` (first-load.mjs): time to content, JS bytes before it (per app
 * when `appOf` names the app of a URL), requests before it (the document included), script round
 * trips, long-task time and, with `mainThread`, all main-thread time before content.
 */
export async function measureLoad(browser, url, mark, { appOf = () => 'all', ...conditions }) {
  const { ttc, fcp, lcp, rendering, beforeContent, scripts, jsBytes, longTaskMs, mainThreadMs } = await loadCold(
    browser,
    url,
    mark,
    conditions,
  );
  const perApp = {};
  for (const script of scripts) perApp[appOf(script.name)] = (perApp[appOf(script.name)] ?? 0) + script.encodedBodySize;
  return {
    ttc,
    fcp,
    lcp,
    rendering,
    jsBytes,
    perApp,
    longTaskMs,
    mainThreadMs,
    requests: beforeContent.length + 1,
    depth: chainDepth(beforeContent.filter((r) => r.responseEnd <= ttc)),
  };
}

/** `loads` cold loads of one route under `conditions`, summed up as medians. */
export async function measureRoute(browser, baseUrl, route, { loads, ...conditions }) {
  const results = [];
  for (let i = 0; i < loads; i += 1)
    results.push(await measureLoad(browser, `${baseUrl}${route.path}`, route.mark, conditions));
  const apps = [...new Set(results.flatMap((load) => Object.keys(load.perApp)))];
  return {
    jsKiB: median(results.map((l) => l.jsBytes)) / 1024,
    perAppKiB: Object.fromEntries(apps.map((app) => [app, median(results.map((l) => l.perApp[app] ?? 0)) / 1024])),
    requests: median(results.map((l) => l.requests)),
    depth: median(results.map((l) => l.depth)),
    ttcMs: median(results.map((l) => l.ttc)),
    fcpMs: median(results.map((l) => l.fcp)),
    lcpMs: median(results.map((l) => l.lcp)),
    hydratedLoads: results.filter((l) => l.rendering === 'hydrated').length,
    longTaskMs: median(results.map((l) => l.longTaskMs)),
    ...(results[0]?.mainThreadMs === undefined ? {} : { mainThreadMs: median(results.map((l) => l.mainThreadMs)) }),
  };
}

/** A Lighthouse run that reports no figures (its trace lost a paint, say) is run again, at most this often. */
const LIGHTHOUSE_ATTEMPTS = 3;

/** One Lighthouse run's figures; a run without them is run again, and the last one's error thrown. */
async function lighthouseSample(port, url) {
  let problem = '';
  for (let attempt = 0; attempt < LIGHTHOUSE_ATTEMPTS; attempt += 1) {
    const { lhr } = await lighthouse(url, { port, output: 'json', onlyCategories: ['performance'], logLevel: 'error' });
    const figure = (audit) => lhr.audits[audit]?.numericValue;
    const sample = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: figure('largest-contentful-paint'),
      fcpMs: figure('first-contentful-paint'),
      tbtMs: figure('total-blocking-time'),
      cls: figure('cumulative-layout-shift'),
    };
    if (!lhr.runtimeError && Object.values(sample).every((value) => typeof value === 'number')) return sample;
    problem = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'figures missing';
    console.error(`Lighthouse on ${url}: ${problem}; running it again`);
  }
  throw new Error(`Lighthouse on ${url} failed ${LIGHTHOUSE_ATTEMPTS} times (${problem})`);
}

/** Lighthouse (mobile, simulated throttling) on each route, `runs` times: the median of each figure. */
export async function lighthouseMedians(baseUrl, routes, runs) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // Local HTTPS runs on a certificate made for this machine.
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_ARGS],
  });
  try {
    const scores = {};
    for (const route of routes) {
      const samples = [];
      for (let run = 0; run < runs; run += 1)
        samples.push(await lighthouseSample(chrome.port, `${baseUrl}${route.path}`));
      scores[route.path] = {
        score: median(samples.map((s) => s.score)),
        lcpMs: Math.round(median(samples.map((s) => s.lcpMs))),
        fcpMs: Math.round(median(samples.map((s) => s.fcpMs))),
        lcpSamples: samples.map((s) => Math.round(s.lcpMs)),
        tbtMs: Math.round(median(samples.map((s) => s.tbtMs))),
        cls: Number(median(samples.map((s) => s.cls)).toFixed(3)),
        scores: samples.map((s) => s.score),
      };
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
