// `npm run bench:ab -- --patch bench/ab/<name>.patch`: an A/B of one mechanism, in one session.
// A is the working tree; B is the working tree with the patch applied (typically the mechanism
// taken out). Both are built in temporary copies of the workspace, served side by side by the
// same static server (the remotes under the shell's origin, as a CDN serves them), and loaded cold
// in alternating runs (A B, B A, …). Each run's median per
// route is kept, so the report shows every run and the spread; a difference counts only when the
// two sides' runs do not overlap. The section is appended to bench/ab.md.
//
// Options: --runs 3 (per side)  --loads 9 (per route and run)  --protocol h2|h1|both (h2)
//          --rtt 40 (ms)  --lighthouse (adds Lighthouse score, TBT and LCP, one run per side and run)
//          --prerender (both sides serve the public routes prerendered, as `npm run remotes -- use` leaves them)
// `--b-server <commit>` instead of a patch: one build and one stack (its deployed files, registry
// file and prerendered pages), served by the working tree's static server (A) and by that commit's
// static server module (B), for a change to the server alone (how files are sent, their headers).
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CliError, UsageError, parseCliOrExit, runCli } from '../scripts/lib/cli.mjs';
import { copyWorkspace } from '../scripts/lib/workspace-copy.mjs';
import { WORKSPACE_ROOT, browserAppDirs } from '../scripts/lib/workspace.mjs';

const USAGE = `usage: npm run bench:ab -- --patch <file made with git diff> [options]
       npm run bench:ab -- --b-server <commit> [options]
  --patch <file>           B is the working tree with this patch applied (A: the working tree)
  --b-server <commit>      B is A's build, registry and pages served by that commit's static server
  --runs <n>               runs per side, alternating (3)
  --loads <n>              cold loads per route and run (9)
  --protocol h2|h1|both    (h2)
  --rtt <ms>               added round trip (40)
  --lighthouse             adds Lighthouse score, TBT and LCP (one run per side and run)
  --prerender              both sides serve the public routes prerendered
  -h, --help               this help
Appends a section to bench/ab.md.`;

const { values } = parseCliOrExit('bench:ab', {
  usage: USAGE,
  options: {
    patch: { type: 'string' },
    'b-server': { type: 'string' },
    runs: { type: 'string', default: '3' },
    loads: { type: 'string', default: '9' },
    protocol: { type: 'string', default: 'h2' },
    rtt: { type: 'string', default: '40' },
    lighthouse: { type: 'boolean', default: false },
    prerender: { type: 'boolean', default: false },
  },
});
// Loaded once the command line is understood: --help answers without loading a browser driver.
const { launchBrowser } = await import('../e2e/support/browser.mjs');
const { startStack } = await import('../e2e/support/stack.mjs');
const { BENCH_ROUTES, lighthouseMedians, measureRoute, median } = await import('./lib/measure.mjs');
const { serverOfCommit } = await import('./lib/server-of-commit.mjs');

const RUNS = Number(values.runs);
const LOADS = Number(values.loads);
const RTT_MS = Number(values.rtt);
const PROTOCOLS = values.protocol === 'both' ? ['h2', 'h1'] : [values.protocol];

/** The command line's problems, before anything is copied or built. */
function checkOptions() {
  if (values.patch && values['b-server']) throw new UsageError('give --patch or --b-server, not both');
  if (values['b-server']) {
    try {
      execFileSync('git', ['rev-parse', '--verify', '--quiet', `${values['b-server']}^{commit}`], { stdio: 'ignore' });
    } catch {
      throw new CliError(`--b-server ${values['b-server']}: no such commit`);
    }
  } else {
    if (!values.patch) throw new UsageError('which patch? --patch <file made with git diff>');
    if (!existsSync(values.patch)) throw new CliError(`--patch ${values.patch}: no such file`);
  }
  for (const [option, value, least] of [
    ['--runs', RUNS, 1],
    ['--loads', LOADS, 1],
    ['--rtt', RTT_MS, 0],
  ]) {
    if (!Number.isInteger(value) || value < least)
      throw new UsageError(`${option} must be a whole number from ${least}, got "${values[option.slice(2)]}"`);
  }
  if (!['h2', 'h1', 'both'].includes(values.protocol))
    throw new UsageError(`--protocol must be h2, h1 or both, got "${values.protocol}"`);
}
const APPS = browserAppDirs();

/** The patch's first lines up to the diff: what B is, in the author's words. */
function patchDescription(file) {
  const text = readFileSync(file, 'utf8');
  return text.slice(0, text.indexOf('diff --git')).trim() || basename(file);
}

const METRICS = [
  ['ttcMs', 'time to content (ms)', 0],
  ['fcpMs', 'first contentful paint (ms)', 0],
  ['lcpMs', 'largest contentful paint (ms)', 0],
  ['longTaskMs', 'long tasks before content (ms)', 0],
  ['jsKiB', 'JS before content (KiB gzip)', 1],
  ['requests', 'requests before content', 0],
  ['depth', 'script round trips', 0],
];

function verdict(a, b, lowerIsBetter = true) {
  const [aMin, aMax, bMin, bMax] = [Math.min(...a), Math.max(...a), Math.min(...b), Math.max(...b)];
  if (aMax === aMin && bMax === bMin && aMin === bMin) return 'same';
  if (bMax < aMin) return lowerIsBetter ? 'B better, beyond the spread' : 'A better, beyond the spread';
  if (bMin > aMax) return lowerIsBetter ? 'A better, beyond the spread' : 'B better, beyond the spread';
  return 'within the spread';
}

const fmt = (value, digits) => value.toFixed(digits);
const runsCell = (values, digits) =>
  `${fmt(median(values), digits)} [${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}] (${values.map((v) => fmt(v, digits)).join(', ')})`;

async function main() {
  checkOptions();
  const serverCommit = values['b-server'];
  const description = serverCommit
    ? `B: the same build, registry and pages served by the static server of ${serverCommit} (${execFileSync('git', ['log', '-1', '--format=%h %s', serverCommit], { encoding: 'utf8' }).trim()})`
    : patchDescription(values.patch);
  console.log(`A/B: ${description}\nBuilding…`);
  // Before anything is copied: a commit whose server the adapter cannot drive stops the run here.
  const otherServer = serverCommit ? await serverOfCommit(serverCommit) : undefined;
  // Everything made from here on is removed in `finally`, whichever step fails.
  const sides = {};
  let browser;
  const sections = [];
  try {
    sides.A = copyWorkspace();
    if (!serverCommit) {
      sides.B = copyWorkspace();
      sides.B.applyPatch(values.patch);
    }
    browser = await launchBrowser();
    for (const side of Object.values(sides)) for (const app of APPS) await side.build(app);
    for (const protocol of PROTOCOLS) {
      const stackOptions = { protocol, layout: 'cdn', prerender: values.prerender };
      const stacks = { A: await startStack({ buildRoot: sides.A.root, ...stackOptions }) };
      /** results[side][route][metric] = one value per run */
      const results = { A: {}, B: {} };
      const lighthouse = { A: {}, B: {} };
      try {
        stacks.B = otherServer
          ? await otherServer.serve(stacks.A)
          : await startStack({ buildRoot: sides.B.root, ...stackOptions });
        for (let run = 0; run < RUNS; run += 1) {
          for (const side of run % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
            console.log(`${protocol} run ${run + 1}/${RUNS}, side ${side}…`);
            for (const route of BENCH_ROUTES) {
              const measured = await measureRoute(browser, stacks[side].shellUrl, route, {
                loads: LOADS,
                rttMs: RTT_MS,
              });
              results[side][route.path] ??= Object.fromEntries(METRICS.map(([key]) => [key, []]));
              for (const [key] of METRICS) results[side][route.path][key].push(measured[key]);
            }
            if (values.lighthouse) {
              const scores = await lighthouseMedians(stacks[side].shellUrl, BENCH_ROUTES, 1);
              for (const [path, score] of Object.entries(scores)) {
                lighthouse[side][path] ??= { score: [], tbtMs: [], lcpMs: [] };
                for (const key of ['score', 'tbtMs', 'lcpMs']) lighthouse[side][path][key].push(score[key]);
              }
            }
          }
        }
      } finally {
        // B first: with --b-server it serves A's files, which A's stop removes.
        await stacks.B?.stop();
        await stacks.A.stop();
      }
      const rows = [];
      for (const { path } of BENCH_ROUTES) {
        for (const [key, label, digits] of METRICS) {
          const a = results.A[path][key];
          const b = results.B[path][key];
          rows.push(`| ${path} | ${label} | ${runsCell(a, digits)} | ${runsCell(b, digits)} | ${verdict(a, b)} |`);
        }
        if (values.lighthouse) {
          for (const [key, label, lowerIsBetter] of [
            ['score', 'Lighthouse score', false],
            ['tbtMs', 'TBT (ms, Lighthouse)', true],
            ['lcpMs', 'LCP (ms, Lighthouse)', true],
          ]) {
            const a = lighthouse.A[path][key];
            const b = lighthouse.B[path][key];
            rows.push(
              `| ${path} | ${label} | ${runsCell(a, 0)} | ${runsCell(b, 0)} | ${verdict(a, b, lowerIsBetter)} |`,
            );
          }
        }
      }
      sections.push(
        `**${protocol === 'h2' ? 'HTTP/2' : 'HTTP/1.1'}** — median of each run's ${LOADS} cold loads, ${RTT_MS} ms added round trip; cells: median [min–max] (each run)\n\n| route | metric | A | B | verdict |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}`,
      );
    }
  } finally {
    await browser?.close();
    for (const side of Object.values(sides)) side.remove();
    otherServer?.remove();
  }
  const section = `\n## ${description.split('\n')[0]}\n\n${new Date().toISOString()} · \`npm run bench:ab -- ${serverCommit ? `--b-server ${serverCommit}` : `--patch ${values.patch}`}${values.lighthouse ? ' --lighthouse' : ''}${values.prerender ? ' --prerender' : ''} --protocol ${values.protocol}\` · ${RUNS} runs per side, alternating\n\n${description.split('\n').slice(1).join('\n').trim()}\n\n${sections.join('\n\n')}\n`;
  appendFileSync(join(WORKSPACE_ROOT, 'bench', 'ab.md'), section);
  console.log(section);
}

runCli('bench:ab', main);
