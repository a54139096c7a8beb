// What a cold visit downloads before a page's content shows, read from Resource Timing. Shared
// by the budget test (bytes, in CI) and the benchmark (bytes and timings, reported only).

/** The content-ready mark each exposed page sets (shared/src/remote-contract.ts). */
export const contentMark = (moduleId) => `content-ready:${moduleId}`;

/**
 * @typedef {{ name: string, initiatorType: string, startTime: number, responseEnd: number, encodedBodySize: number }} Resource
 */

/**
 * Where a cold visit comes from: a page of another site, answered by the browser context itself
 * (nothing on the network). A first visit arrives from another site or the new-tab page, so the
 * visited page always starts in a renderer process of its own. Neither a fresh tab's empty page nor
 * a `data:` page is such a place: Chromium hands their process on to a page that asks for no
 * isolation, and starts a new one for a page sending Cross-Origin-Opener-Policy (from the empty page)
 * or Origin-Agent-Cluster (from either), which made every page with those headers (ours since
 * fastify, through helmet; fb628ca's had none) look a process start slower to first paint.
 */
const ARRIVAL_PAGE = 'https://arrival.invalid/';

/**
 * What a visit runs under (Chromium's own throttling, through the DevTools protocol): `rttMs` of
 * latency added to every request, `downloadKbps` and `uploadKbps` of bandwidth (none: unlimited),
 * the CPU `cpuSlowdown` times slower, and the window's `viewport` (1280×800 unless given).
 *
 * @typedef {{ rttMs?: number, downloadKbps?: number, uploadKbps?: number, cpuSlowdown?: number,
 *   viewport?: { width: number, height: number } }} Conditions
 */

/** Kilobits a second as the protocol's bytes a second; -1 is unlimited. */
const bytesPerSecond = (/** @type {number | undefined} */ kbps) => (kbps ? (kbps * 1000) / 8 : -1);

/**
 * Runs `visit` on a page of a fresh context (cold cache, no storage) under `conditions`, and closes
 * the context after; the page is on ARRIVAL_PAGE. Shared by the loads below and the benchmark's
 * first-input clicks (bench/lib/first-input.mjs).
 * @template T
 * @param {import('playwright-core').Browser} browser
 * @param {Conditions} conditions
 * @param {(page: import('playwright-core').Page) => Promise<T>} visit
 * @returns {Promise<T>}
 */
export async function withColdPage(browser, conditions, visit) {
  const { rttMs = 0, downloadKbps, uploadKbps, cpuSlowdown = 1, viewport = { width: 1280, height: 800 } } = conditions;
  const context = await browser.newContext({ viewport, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    if (rttMs > 0 || downloadKbps || uploadKbps || cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: rttMs,
        downloadThroughput: bytesPerSecond(downloadKbps),
        uploadThroughput: bytesPerSecond(uploadKbps),
      });
      if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await page.route(ARRIVAL_PAGE, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
    await page.goto(ARRIVAL_PAGE);
    // No route left: the visit's own requests are not intercepted.
    await page.unroute(ARRIVAL_PAGE);
    return await visit(page);
  } finally {
    await context.close();
  }
}

/** What Chromium names a top-level task in a trace ('RunTask' before the scheduler's rename). */
const TOP_LEVEL_TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * The renderer's main-thread time before `mark`, in ms, from a Chromium trace of the load: every
 * top-level task on the thread the mark was set on, up to the mark. None without the mark.
 *
 * @param {Buffer} trace  what browser.stopTracing() gave
 * @param {string} mark
 */
export function mainThreadBefore(trace, mark) {
  /** @type {Array<{ name: string, cat: string, ph: string, ts: number, dur?: number, pid: number, tid: number }>} */
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const marked = events.find((event) => event.name === mark && event.cat.includes('blink.user_timing'));
  if (!marked) return undefined;
  let micros = 0;
  for (const event of events) {
    if (!TOP_LEVEL_TASKS.has(event.name) || event.ph !== 'X' || event.pid !== marked.pid || event.tid !== marked.tid)
      continue;
    if (event.ts < marked.ts) micros += Math.min(event.ts + (event.dur ?? 0), marked.ts) - event.ts;
  }
  return micros / 1000;
}

/**
 * Opens `url` in a fresh context (cold cache) under `conditions` and waits for `mark`. `longTaskMs`:
 * main-thread time over 50 ms in long tasks that began before the mark (what Total Blocking Time
 * counts, here on this machine's CPU); with `mainThread`, `mainThreadMs`: all of the renderer's
 * main-thread time before the mark (a trace of the load, mainThreadBefore).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string} mark
 * @param {Conditions & { mainThread?: boolean }} [options]
 * `fcp`: the first contentful paint (a prerendered page's content); `lcp`: the largest contentful
 * paint by the time the content was ready; `rendering`: how the shell
 * started the page ('hydrated' from prerendered HTML, or 'client').
 * @returns {Promise<{ ttc: number, fcp: number, lcp: number, rendering: string, beforeContent: Resource[], scripts: Resource[], jsBytes: number, longTaskMs: number, mainThreadMs?: number }>}
 */
export async function loadCold(browser, url, mark, { mainThread = false, ...conditions } = {}) {
  return withColdPage(browser, conditions, async (page) => {
    await page.addInitScript(() => {
      const tasks = [];
      new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
      Object.defineProperty(window, '__longTasks', { value: tasks });
      const largestPaints = [];
      new PerformanceObserver((list) => largestPaints.push(...list.getEntries())).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
      Object.defineProperty(window, '__largestPaints', { value: largestPaints });
    });
    if (mainThread) await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    await page.goto(url);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 60_000 });
    const mainThreadMs = mainThread ? mainThreadBefore(await browser.stopTracing(), mark) : undefined;
    const { ttc, fcp, lcp, rendering, resources, longTaskMs } = await page.evaluate((name) => {
      const entry = performance.getEntriesByName(name)[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? entry.startTime;
      return {
        ttc: entry.startTime,
        fcp,
        // The largest paint so far: a page that paints more once its content is in has a later one.
        lcp: window.__largestPaints.at(-1)?.startTime ?? fcp,
        rendering: document.documentElement.dataset.rendering ?? 'client',
        longTaskMs: window.__longTasks
          .filter((task) => task.startTime < entry.startTime)
          .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
        resources: performance.getEntriesByType('resource').map((r) => ({
          name: r.name,
          initiatorType: r.initiatorType,
          startTime: r.startTime,
          responseEnd: r.responseEnd,
          encodedBodySize: r.encodedBodySize,
        })),
      };
    }, mark);
    const beforeContent = resources.filter((r) => r.startTime <= ttc);
    const scripts = beforeContent.filter((r) => new URL(r.name).pathname.endsWith('.js'));
    return {
      ttc,
      fcp,
      lcp,
      rendering,
      longTaskMs,
      ...(mainThreadMs === undefined ? {} : { mainThreadMs }),
      beforeContent,
      scripts,
      jsBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
    };
  });
}
