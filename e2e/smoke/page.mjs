// Waiting on a page the same way in every engine: conditions are functions run in the page through
// the engine's adapter (`evaluate`), polled until they hold. These waits are budgets for a hang,
// never measurements: nothing here asserts how long anything took.

/**
 * @typedef {{ directive: string, blocked: string, element: string }} Violation
 * @typedef {import('./webkit-console.mjs').ConsoleMessage} ConsoleMessage
 * @typedef {object} SmokeBrowser  one engine, driven through the same few verbs
 * @property {string} engine
 * @property {string} version
 * @property {(url: string) => Promise<void>} goto  a full load, resolved once the load event fired
 * @property {(selector: string) => Promise<void>} click  waits for the element to show, then clicks it as a user does
 * @property {(selector: string, text: string) => Promise<void>} type  waits for the field, then types into it
 * @property {(fn: (...args: any[]) => unknown, ...args: unknown[]) => Promise<any>} evaluate  runs `fn` in the page
 * @property {() => Promise<{ violations: Violation[], messages: ConsoleMessage[] }>} takeProblems  what the page
 *   reported since the last call: CSP violations (probe.mjs) and console errors and warnings
 * @property {() => Promise<void>} close
 */

const POLL_MS = 100;

/**
 * Polls `fn` in the page until it returns a truthy value, which it resolves to. A page between two
 * documents (a navigation under way) answers with an error: it is asked again.
 *
 * @param {SmokeBrowser} browser
 * @param {string} what  the condition, for the failure's message
 * @param {(...args: any[]) => unknown} fn
 * @param {unknown[]} [args]
 * @param {number} [timeoutMs]
 */
export async function waitFor(browser, what, fn, args = [], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await browser.evaluate(fn, ...args);
      if (last) return last;
    } catch (error) {
      last = error instanceof Error ? error.message.split('\n')[0] : String(error);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last answer: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Resolves once the page has been quiet for `quietMs`: no new element in its head, no new resource
 * fetched. What a page does after its first view (the next pages' prefetch at idle time,
 * after-first-page.ts) is then done, and so are the violations it would cause.
 *
 * @param {SmokeBrowser} browser
 * @param {number} [quietMs]  longer than the shell's idle-time fallback (2 s)
 */
export async function settle(browser, quietMs = 2_500) {
  await waitFor(browser, 'the route to come to rest (content-ready or route-settled mark)', () =>
    performance
      .getEntriesByType('mark')
      .some((mark) => mark.name.startsWith('content-ready:') || mark.name.startsWith('route-settled:')),
  );
  const deadline = Date.now() + 30_000;
  let state = '';
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() < deadline) {
    const now = await browser.evaluate(
      () => `${document.head.childElementCount}:${performance.getEntriesByType('resource').length}`,
    );
    if (now !== state) {
      state = now;
      since = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Whether an element matching `selector` is on screen (runs in the page). */
export function isShown(selector, text) {
  return Array.from(document.querySelectorAll(selector)).some((element) => {
    if (text !== undefined && element.textContent?.trim() !== text) return false;
    const style = getComputedStyle(element);
    return element.getClientRects().length > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  });
}

/**
 * How the shell started the page and what it mounted (runs in the page): `rendering` is
 * 'hydrated' for prerendered HTML the shell took over, 'client' for a page it rendered anew.
 */
export function pageState(module) {
  const marks = new Set(performance.getEntriesByType('mark').map((mark) => mark.name));
  return {
    path: window.location.pathname,
    rendering: document.documentElement.dataset.rendering,
    mounted: marks.has(`remote-mounted:${module}`),
    contentReady: marks.has(`content-ready:${module}`),
    errorPanel: document.body.textContent?.includes('Không tải được nội dung') ?? false,
  };
}
