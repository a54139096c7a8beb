/**
 * The User Timing marks of the first page's steps (features/remotes/first-page.ts sets them): the
 * benchmark and the tests measure by them. Nothing in the page reads them back.
 */

/** Sets a User Timing mark once: an effect that sets it may run again (Strict Mode, a remount). */
export function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/** The shell's chrome is rendered or hydrated and its effects have run (app.tsx). */
export const CHROME_READY_MARK = 'chrome-ready';

/** The start of the mark set once a remote's page is mounted (hydrated), `remote-mounted:<module>`. */
export const PAGE_MOUNTED_MARK = 'remote-mounted:';

/** The start of the mark a route sets when it comes to rest without a remote's content (use-route-settled.ts). */
export const ROUTE_SETTLED_MARK = 'route-settled:';
