// `npm run bench`: the federated app against the same app built as one bundle (mono), served by
// the same static server with the same cache headers, over HTTP/2 (TLS, as a CDN serves it) and
// HTTP/1.1, the remotes under the shell's origin as a CDN serves published versions. Prints one table and writes bench/results.json and bench/results.md. Timings are
// reported here, never asserted in tests.
//
// BENCH_LOADS (15), BENCH_RTT_MS (40), BENCH_LIGHTHOUSE_RUNS (3), BENCH_BUILD_RUNS (3),
// BENCH_PROTOCOLS ("h2,h1") and BENCH_PROFILES ("desktop,mobile", lib/profiles.mjs) shorten or
// change a run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { CliError, parseCliOrExit, runCli } from '../scripts/lib/cli.mjs';
import { browserAppDirs } from '../scripts/lib/workspace.mjs';

const USAGE = `usage: npm run bench
Builds every app and one bundle of the same app (mono), then measures the federated, prerendered
and mono sides over HTTP/2 and HTTP/1.1; writes bench/results.json and bench/results.md.
Environment: BENCH_LOADS (15) cold loads per route, BENCH_RTT_MS (40) the desktop's round trip,
BENCH_LIGHTHOUSE_RUNS (3), BENCH_BUILD_RUNS (3), BENCH_PROTOCOLS ("h2,h1"),
BENCH_PROFILES ("desktop,mobile").
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
const { benchProfiles } = await import('./lib/profiles.mjs');
const { PROTOCOL_NAMES, buildTable, markdownTable, plainTable, profileTable } = await import('./lib/results-table.mjs');

const LOADS = Number(process.env.BENCH_LOADS ?? 15);
// Loopback has no latency, which would hide the cost of sequential round trips: every request
// of the timed loads pays this much, as on a good real connection.
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const PROTOCOLS = (process.env.BENCH_PROTOCOLS ?? 'h2,h1').split(',');
const PROFILES = benchProfiles(RTT_MS);
const PROFILE_NAMES = (process.env.BENCH_PROFILES ?? 'desktop,mobile').split(',');
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

async function measureVariant(browser, baseUrl, appOf, conditions) {
  const result = {};
  for (const route of BENCH_ROUTES)
    result[route.path] = await measureRoute(browser, baseUrl, route, {
      loads: LOADS,
      appOf,
      ...conditions,
      mainThread: true,
    });
  return result;
}

async function measureProtocol(browser, protocol, profile) {
  const { conditions } = profile;
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
    const federatedLoads = await measureVariant(browser, stack.shellUrl, federatedAppOf, conditions);
    const prerenderedLoads = await measureVariant(browser, prerendered.shellUrl, federatedAppOf, conditions);
    const monoLoads = await measureVariant(browser, monoUrl, () => 'mono', conditions);
    console.log(
      `${PROTOCOL_NAMES[protocol]}: a click on the theme toggle 50 ms after the first paint, ${LOADS} times…`,
    );
    const early = { loads: LOADS, ...conditions };
    const firstInput = {
      federated: await measureFirstInput(browser, stack.shellUrl, early),
      prerendered: await measureFirstInput(browser, prerendered.shellUrl, early),
      mono: await measureFirstInput(browser, monoUrl, early),
    };
    const lighthouseOf = async (url) =>
      profile.lighthouse ? { lighthouse: await lighthouseMedians(url, BENCH_ROUTES, LIGHTHOUSE_RUNS) } : {};
    if (profile.lighthouse)
      console.log(`${PROTOCOL_NAMES[protocol]}: Lighthouse (mobile), ${LIGHTHOUSE_RUNS} runs per route and side…`);
    return {
      federated: { loads: federatedLoads, ...(await lighthouseOf(stack.shellUrl)), firstInput: firstInput.federated },
      prerendered: {
        loads: prerenderedLoads,
        ...(await lighthouseOf(prerendered.shellUrl)),
        firstInput: firstInput.prerendered,
      },
      mono: { loads: monoLoads, ...(await lighthouseOf(monoUrl)), firstInput: firstInput.mono },
    };
  } finally {
    await stack.stop();
    await prerendered.stop();
    await closeServer(monoServer);
  }
}

/** bench/results.md: a heading and a table per profile, then the builds'. */
function markdown(results) {
  const sections = Object.values(results.profiles).map(
    (profile) => `## ${profile.title}\n\n${markdownTable(profileTable(profile, PROTOCOLS))}\n`,
  );
  return `# DevHub benchmark\n\n${results.date} · ${LOADS} cold loads per route (median) · Lighthouse: mobile, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs, in the desktop profile · builds: median of ${BUILD_RUNS}\n\n${sections.join('\n')}\n## Builds\n\n${markdownTable(buildTable(results))}\n`;
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
  const unknownProfiles = PROFILE_NAMES.filter((name) => !(name in PROFILES));
  if (unknownProfiles.length > 0)
    throw new CliError(`BENCH_PROFILES: unknown profile(s) ${unknownProfiles.join(', ')} (desktop, mobile)`);
  console.log(`Building (median of ${BUILD_RUNS})…`);
  const buildResults = await buildTimes();
  const telemetryReporterKiB = gzipSync(readFileSync(telemetryReporterFile()), { level: 9 }).length / 1024;
  const browser = await launchBrowser();
  const profiles = {};
  try {
    for (const name of PROFILE_NAMES) {
      const profile = PROFILES[name];
      console.log(`Profile ${profile.title}`);
      const protocols = {};
      for (const protocol of PROTOCOLS) protocols[protocol] = await measureProtocol(browser, protocol, profile);
      profiles[name] = { title: profile.title, conditions: profile.conditions, protocols };
    }
  } finally {
    await browser.close();
  }
  const results = {
    date: new Date().toISOString(),
    loadsPerRoute: LOADS,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    build: buildResults,
    telemetryReporterKiB,
    profiles,
  };
  for (const profile of Object.values(profiles))
    console.log(`\n${profile.title}\n${plainTable(profileTable(profile, PROTOCOLS))}`);
  console.log(`\nBuilds\n${plainTable(buildTable(results))}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(RESULTS_DIR, 'results.md'), markdown(results));
  console.log('Wrote bench/results.json and bench/results.md');
}

runCli('bench', main);
