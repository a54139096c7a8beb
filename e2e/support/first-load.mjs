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
 * Runs `visit` on a page of a fresh context (cold cache, no storage), 1280×800, `rttMs` of latency
 * added to every request, and closes the context after; the page is on ARRIVAL_PAGE. Shared by the
 * loads below and the benchmark's first-input clicks (bench/lib/first-input.mjs).
 * @template T
 * @param {import('playwright-core').Browser} browser
 * @param {{ rttMs?: number }} options
 * @param {(page: import('playwright-core').Page) => Promise<T>} visit
 * @returns {Promise<T>}
 */
export async function withColdPage(browser, { rttMs = 0 }, visit) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    if (rttMs > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: rttMs,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
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

/**
 * Opens `url` in a fresh context (cold cache) and waits for `mark`. `rttMs` adds latency to every
 * request. `longTaskMs`: main-thread time over 50 ms in long tasks that began before the mark (what
 * Total Blocking Time counts, here on this machine's CPU).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string} mark
 * @param {{ rttMs?: number }} [options]
 * `fcp`: the first contentful paint (a prerendered page's content); `lcp`: the largest contentful
 * paint by the time the content was ready; `rendering`: how the shell
 * started the page ('hydrated' from prerendered HTML, or 'client').
 * @returns {Promise<{ ttc: number, fcp: number, lcp: number, rendering: string, beforeContent: Resource[], scripts: Resource[], jsBytes: number, longTaskMs: number }>}
 */
export async function loadCold(browser, url, mark, { rttMs = 0 } = {}) {
  return withColdPage(browser, { rttMs }, async (page) => {
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
    await page.goto(url);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 30_000 });
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
      beforeContent,
      scripts,
      jsBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
    };
  });
}
