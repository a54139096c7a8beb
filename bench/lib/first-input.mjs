// "First input handled" and "dead clicks" (issue 24): a click on the theme toggle dispatched
// 50 ms after the first contentful paint, as a visitor clicks as soon as the page shows, and the
// time until <html>'s class changes (the theme's effect); a click with no effect at all is dead.
import { withColdPage } from '../../e2e/support/first-load.mjs';
import { median, p75 } from './measure.mjs';

/* global window, document, location, HTMLElement, MutationObserver -- in the page: clickSoonAfterFirstPaint and page.waitForFunction */

/** The toggle's accessible name starts so in every state (shared/src/i18n/strings.ts). */
const TOGGLE = 'button[aria-label^="Giao diện"]';
/** Past this, a click that changed nothing is counted dead (the page has long been interactive). */
export const DEAD_AFTER_MS = 10_000;

/**
 * Runs in the page before its first script: saves the light theme (so the click turns it dark,
 * a class change), and once the first contentful paint is in, clicks the toggle 50 ms later.
 * Settles `window.__firstInput` with the click's outcome.
 * @param {{ deadAfterMs: number, toggle: string }} options
 */
function clickSoonAfterFirstPaint({ deadAfterMs, toggle }) {
  if (location.protocol.startsWith('http')) localStorage.setItem('theme', 'light');
  window.__firstInput = new Promise((resolve) => {
    const paints = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      paints.disconnect();
      setTimeout(() => {
        const root = document.documentElement;
        const before = root.className;
        const button = document.querySelector(toggle);
        const rendering = root.getAttribute('data-rendering');
        if (!(button instanceof HTMLElement)) {
          resolve({ dead: true, rendering, missing: true });
          return;
        }
        const clickedAt = performance.now();
        const effect = new MutationObserver(() => {
          if (root.className === before) return;
          effect.disconnect();
          resolve({ dead: false, rendering, handledMs: performance.now() - clickedAt });
        });
        effect.observe(root, { attributes: true, attributeFilter: ['class'] });
        button.click();
        setTimeout(() => {
          effect.disconnect();
          resolve({ dead: true, rendering });
        }, deadAfterMs);
      }, 50);
    });
    paints.observe({ type: 'paint', buffered: true });
  });
}

/**
 * One cold load of `url` with the early click: `{ dead, rendering, handledMs? }`, `rendering`
 * being `<html>`'s data-rendering at click time (null: not hydrated yet, or no prerendered page).
 */
export async function firstInput(browser, url, conditions = {}) {
  return withColdPage(browser, conditions, async (page) => {
    await page.addInitScript(clickSoonAfterFirstPaint, { deadAfterMs: DEAD_AFTER_MS, toggle: TOGGLE });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstInput !== undefined);
    return await page.evaluate(() => window.__firstInput);
  });
}

/**
 * `loads` cold loads of the home page under `conditions` with the early click: the median and the
 * p75 time to its effect over the clicks that had one, the share of dead clicks, and how many
 * clicks came before hydration.
 */
export async function measureFirstInput(browser, baseUrl, { loads, ...conditions }) {
  const results = [];
  for (let i = 0; i < loads; i += 1) results.push(await firstInput(browser, `${baseUrl}/`, conditions));
  const handled = results.filter((result) => !result.dead).map((result) => result.handledMs);
  return {
    handledMs: handled.length > 0 ? median(handled) : undefined,
    handledP75Ms: handled.length > 0 ? p75(handled) : undefined,
    deadShare: results.filter((result) => result.dead).length / results.length,
    beforeHydration: results.filter((result) => result.rendering === null).length,
  };
}
