import { CONTENT_READY_MARK } from '@devhub/shared/remote-contract';

/**
 * Runs `task` once the first remote page shows its content (its content-ready mark) and the
 * browser is idle: work that must not compete with the first page for the network or the main
 * thread. Pages without a remote (the 404), or a remote that fails, never set the mark, so the
 * task also runs after `latestMs`.
 * Returns a function that cancels the task.
 */
export function afterFirstPage(task: () => void, latestMs = 4000): () => void {
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
    if (!list.getEntries().some((entry) => entry.name.startsWith(CONTENT_READY_MARK))) return;
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
