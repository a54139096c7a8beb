// `npm run bench:dev`: how long Fast Refresh takes under `npm start`, from saving a file to the
// change showing in the shell's page, and whether the page kept its state. It runs `npm start`
// in a copy of the workspace (scripts/lib/workspace-copy.mjs), so the edits never touch the
// source tree, then edits a remote's text (the catalog's 'Bài nổi bật') and the shell's header
// text BENCH_DEV_EDITS (10) times each. Timings are reported here, never asserted in tests.
/* global window, document, requestAnimationFrame, MutationObserver -- code run in the page */
import { CliError, parseCliOrExit, runCli } from '../scripts/lib/cli.mjs';

const USAGE = `usage: npm run bench:dev
Runs npm start in a copy of the workspace, edits the catalog's 'Bài nổi bật' text and the shell's
header text BENCH_DEV_EDITS (10) times each, and prints the median and spread from save to visible
in the shell's page, and whether the page kept its state (search text, carousel, no reload).
  -h, --help  this help`;

parseCliOrExit('bench:dev', { usage: USAGE });
// Loaded once the command line is understood: --help answers without loading a browser driver.
const { launchBrowser } = await import('../e2e/support/browser.mjs');
const { startDevStack } = await import('../e2e/support/dev-stack.mjs');
const { copyWorkspace } = await import('../scripts/lib/workspace-copy.mjs');

const EDITS = Number(process.env.BENCH_DEV_EDITS ?? 10);
const READY_TIMEOUT_MS = 300_000;
const VISIBLE_TIMEOUT_MS = 60_000;

/** The two edits: a file of the copy, the text it holds and the text edit `n` puts there. */
const CASES = [
  {
    name: "remote (catalog 'Bài nổi bật')",
    app: 'catalog',
    file: 'remote-catalog/src/lib/catalog-text.ts',
    from: "featured: 'Bài nổi bật'",
    to: (n) => `featured: 'Bài nổi bật đo-${n}'`,
    shows: (n) => `Bài nổi bật đo-${n}`,
  },
  {
    name: 'shell (header text)',
    app: 'shell',
    file: 'shell/src/features/layout/components/header.tsx',
    from: '<span className={styles.logoText}>{PRODUCT_NAME}</span>',
    to: (n) => `<span className={styles.logoText}>{PRODUCT_NAME} đo-${n}</span>`,
    shows: (n) => `DevHub đo-${n}`,
  },
];

/** `npm start` in the copy, on free ports; resolves once every dev server compiled. */
async function startDev(root) {
  try {
    return await startDevStack({ root, timeoutMs: READY_TIMEOUT_MS });
  } catch (error) {
    throw new CliError(`npm start in the copy did not get ready: ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * In the page: resolves to the wall-clock time of the first frame painted after `text` is in the
 * document (a MutationObserver, so no polling interval is measured).
 */
function watchFor(page, text) {
  return page.evaluate(
    ({ wanted, timeout }) => {
      // The hot update requests of this edit alone (hotUpdateRequests reads them).
      performance.clearResourceTimings();
      window.__benchSeen = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`"${wanted}" did not show`)), timeout);
        const seen = () => {
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(Date.now()));
        };
        const observer = new MutationObserver(() => {
          if (document.body.textContent.includes(wanted)) seen();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    },
    { wanted: text, timeout: VISIBLE_TIMEOUT_MS },
  );
}

/** How long each rebuild of `app` took by its dev server's own account, in what `npm start` printed. */
function compileTimes(output, app) {
  const line = /^\[([\w-]+)\] .*\bcompiled\b.* in (\d+(?:\.\d+)?) (ms|s)\b/gm;
  return [...output.matchAll(line)]
    .filter(([, label]) => label === app)
    .map(([, , time, unit]) => Math.round(Number(time) * (unit === 's' ? 1000 : 1)));
}

/**
 * Where an edit's time went, as wall-clock times: the first hot update request (the dev server
 * noticed the save, rebuilt and told the page) and the end of the last one (then the page applied
 * the update, React refreshed and painted).
 */
function hotUpdateRequests(page) {
  return page.evaluate(() => {
    const requests = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('hot-update'));
    if (requests.length === 0) return undefined;
    return {
      requested: performance.timeOrigin + Math.min(...requests.map((entry) => entry.startTime)),
      received: performance.timeOrigin + Math.max(...requests.map((entry) => entry.responseEnd)),
    };
  });
}

async function pageState(page) {
  return page.evaluate(() => ({
    marker: window.__benchMarker,
    search: document.querySelector('header input[type="search"]')?.value,
    carousel: document
      .querySelector('[aria-roledescription="carousel"] [aria-current="true"]')
      ?.getAttribute('aria-label'),
  }));
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)];
  return { median, min: sorted[0], p25: at(0.25), p75: at(0.75), max: sorted.at(-1) };
}

async function main() {
  const copy = copyWorkspace();
  let dev;
  let browser;
  try {
    console.log(`Workspace copy: ${copy.root}; starting npm start there…`);
    dev = await startDev(copy.root);
    browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN' });
    /** What the hot clients said (one line for each reload, saying why). */
    const said = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[devhub]')) said.push(message.text());
    });
    await page.goto(`${dev.shellUrl}/`);
    await page.getByRole('heading', { name: 'Bài nổi bật', exact: true }).waitFor({ timeout: VISIBLE_TIMEOUT_MS });
    await page.getByRole('banner').getByRole('searchbox').fill('đo thời gian');
    await page.getByRole('button', { name: 'Trang trình chiếu sau' }).click();
    await page
      .getByRole('button', { name: 'Chuyển đến nhóm 2' })
      .and(page.locator('[aria-current="true"]'))
      .waitFor({ timeout: VISIBLE_TIMEOUT_MS });
    await page.evaluate(() => {
      window.__benchMarker = 1;
    });
    const before = await pageState(page);

    const rows = [];
    for (const edit of CASES) {
      const times = [];
      const lost = { reloads: 0, search: 0, carousel: 0 };
      /** Save → first hot update request, the requests, last response → visible (ms). */
      const phases = { build: [], fetch: [], apply: [] };
      let previous = edit.from;
      said.length = 0;
      const printed = dev.output().length;
      for (let n = 1; n <= EDITS; n += 1) {
        const next = edit.to(n);
        await watchFor(page, edit.shows(n));
        const saved = Date.now();
        copy.edit(edit.file, (text) => {
          if (!text.includes(previous)) throw new CliError(`${edit.file} no longer holds ${previous}`);
          return text.replace(previous, next);
        });
        const seen = await page.evaluate(() => window.__benchSeen).catch(() => undefined);
        if (seen === undefined) {
          // The page was loaded again (its watcher went with it): timed from here, state lost.
          await page.getByText(edit.shows(n)).first().waitFor({ timeout: VISIBLE_TIMEOUT_MS });
          times.push(Date.now() - saved);
          lost.reloads += 1;
        } else {
          times.push(seen - saved);
          const requests = await hotUpdateRequests(page);
          if (requests) {
            phases.build.push(Math.round(requests.requested - saved));
            phases.fetch.push(Math.round(requests.received - requests.requested));
            phases.apply.push(Math.round(seen - requests.received));
          }
        }
        const now = await pageState(page);
        if (now.marker !== 1) {
          if (seen !== undefined) lost.reloads += 1;
          // Counted once: the next edits start from the reloaded page.
          await page.evaluate(() => {
            window.__benchMarker = 1;
          });
        }
        if (now.search !== before.search) lost.search += 1;
        if (now.carousel !== before.carousel) lost.carousel += 1;
        previous = next;
      }
      const stateKept = lost.reloads === 0 && lost.search === 0 && lost.carousel === 0;
      const compiles = compileTimes(dev.output().slice(printed), edit.app);
      const medians = Object.fromEntries(
        Object.entries({ ...phases, compile: compiles }).map(([phase, values]) => [
          phase,
          values.length > 0 ? summary(values).median : null,
        ]),
      );
      rows.push({
        edit: edit.name,
        edits: EDITS,
        ...summary(times),
        stateKept,
        lost,
        reloadedBecause: [...said],
        phases: medians,
        times,
      });
    }

    console.log(`\nSave → visible in the shell's page (ms), ${EDITS} edits each:\n`);
    console.table(
      rows.map(({ edit, edits, median, min, max, p25, p75, stateKept, lost, phases }) => ({
        edit,
        edits,
        median: Math.round(median),
        spread: `${min}–${max} (p25–p75 ${p25}–${p75})`,
        'build (compile) / fetch / apply (median)': `${phases.build} (${phases.compile}) / ${phases.fetch} / ${phases.apply}`,
        stateKept,
        'reloads / search lost / carousel moved': `${lost.reloads} / ${lost.search} / ${lost.carousel}`,
      })),
    );
    for (const { edit, reloadedBecause } of rows) {
      for (const line of reloadedBecause) console.log(`${edit}: ${line}`);
    }
    console.log(JSON.stringify({ rows }, null, 2));
    return 0;
  } finally {
    await browser?.close();
    await dev?.stop();
    copy.remove();
  }
}

runCli('bench:dev', main, { known: [CliError] });
