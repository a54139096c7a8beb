import { CONTENT_READY_MARK } from '@devhub/shared/remote-contract';
import { ROUTE_SETTLED_MARK } from './page-marks';

/**
 * Says that the route on screen has come to rest without a remote's content: the 404, an error
 * panel, a page of the shell's own. Such routes never set a content-ready mark, and work waiting
 * for the first page must not be left to a clock: on a loaded machine a page can take longer than
 * any fixed delay, and the waiting work would then compete with it (issue 21's budget test saw
 * another page's code fetched before the home page's content).
 */
export function markRouteSettled(what: string): void {
  performance.mark(`${ROUTE_SETTLED_MARK}${what}`);
}

/**
 * Runs `task` once the first route has come to rest (a remote page's content-ready mark, or
 * `markRouteSettled`) and the browser is idle: work that must not compete with the first page for
 * the network or the main thread. `latestMs` is only a last resort for a route that never rests
 * (a remote that neither loads nor fails).
 * Returns a function that cancels the task.
 */
export function afterFirstPage(task: () => void, latestMs = 15_000): () => void {
  // Safari has no requestIdleCallback.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let idleHandle: number | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    task();
  };
  const latest = window.setTimeout(run, latestMs);
  const observer = new PerformanceObserver((list) => {
    const settled = (name: string) => name.startsWith(CONTENT_READY_MARK) || name.startsWith(ROUTE_SETTLED_MARK);
    if (!list.getEntries().some((entry) => settled(entry.name))) return;
    observer.disconnect();
    idleHandle = hasIdle ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 1000);
  });
  observer.observe({ type: 'mark', buffered: true });

  function cancel() {
    window.clearTimeout(latest);
    observer.disconnect();
    if (idleHandle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  }
  return () => {
    done = true;
    cancel();
  };
}
