/**
 * The performance marks that say which part of a prerendered page React handles. The chrome and
 * the page hydrate apart (bootstrap.tsx), and the events held before (event-replay.js) are
 * dispatched again on each part once it handles them.
 */

/** Sets a User Timing mark once: an effect that sets it may run again (Strict Mode, a remount). */
export function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/** The shell's chrome is rendered or hydrated and its effects have run (use-chrome-ready-mark.ts). */
export const CHROME_READY_MARK = 'chrome-ready';

/** The start of the mark set once a remote's page is mounted (hydrated), `remote-mounted:<module>`. */
export const PAGE_MOUNTED_MARK = 'remote-mounted:';

/** The start of the mark a route sets when it comes to rest without a remote's content (after-first-page.ts). */
export const ROUTE_SETTLED_MARK = 'route-settled:';
