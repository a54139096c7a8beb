// What a cold visit downloads before a page's content shows, read from Resource Timing. Shared
// by the budget test (bytes, in CI) and the benchmark (bytes and timings, reported only).

/** The content-ready mark each exposed page sets (shared/src/remote-contract.ts). */
export const contentMark = (moduleId) => `content-ready:${moduleId}`;

/**
 * @typedef {{ name: string, initiatorType: string, startTime: number, responseEnd: number, encodedBodySize: number }} Resource
 */

/**
 * Opens `url` in a fresh context (cold cache) and waits for `mark`. `rttMs` adds latency to every request.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string} mark
 * @param {{ rttMs?: number }} [options]
 * @returns {Promise<{ ttc: number, beforeContent: Resource[], scripts: Resource[], jsBytes: number }>}
 */
export async function loadCold(browser, url, mark, { rttMs = 0 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
    await page.goto(url);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 30_000 });
    const { ttc, resources } = await page.evaluate((name) => {
      const entry = performance.getEntriesByName(name)[0];
      return {
        ttc: entry.startTime,
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
      beforeContent,
      scripts,
      jsBytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
    };
  } finally {
    await context.close();
  }
}
