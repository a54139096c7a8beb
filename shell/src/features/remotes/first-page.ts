import { markContentReady } from '@devhub/shared/remote-contract';
import { CHROME_READY_MARK, PAGE_MOUNTED_MARK, ROUTE_SETTLED_MARK, markOnce } from '../../lib/page-marks';
import { READY_ATTRIBUTE, type ReadyStep } from '../prerender/ready-attribute';

/**
 * How the first page comes to rest, as the shell hears it from React: the chrome's effects ran,
 * the route's remote page mounted, its content is on screen (useContentReady), or the route came to
 * rest without a remote's content (the 404, an error panel, a page of the shell's own). Work that
 * must not compete with the first page waits for it (`afterFirstPage`). Each step also sets its
 * User Timing mark, for the benchmark and the tests to measure by; nothing reads the marks back.
 */
export interface FirstPage {
  chromeReady(): void;
  pageMounted(module: string): void;
  /** What ContentReadyContext gives the remote pages: their content is on screen. */
  contentReady(id: string): void;
  routeSettled(what: string): void;
  /**
   * Runs `task` once the first route has come to rest and the browser is idle. `latestMs` is only a
   * last resort for a route that never rests (a remote that neither loads nor fails). Returns a
   * function that cancels the task.
   */
  afterFirstPage(task: () => void, latestMs?: number): () => void;
}

/**
 * One per remote host. `root`, given by the browser's bootstrap only, is the page's `<html>`: its
 * READY_ATTRIBUTE shows the inline event replay, which no object of the shell can reach, the steps
 * the first page has taken (prerender/ready-attribute.ts).
 */
export function createFirstPage(root?: HTMLElement): FirstPage {
  const steps = new Set<ReadyStep>();
  const waiting = new Set<() => void>();
  const rested = () => steps.has('content') || steps.has('settled');

  function take(step: ReadyStep): void {
    // The first page's rest is the first one: a later route's is not the first page's.
    if (steps.has(step) || ((step === 'content' || step === 'settled') && rested())) return;
    steps.add(step);
    root?.setAttribute(READY_ATTRIBUTE, [...steps].join(' '));
    if (rested()) for (const wake of [...waiting]) wake();
  }

  return {
    chromeReady() {
      markOnce(CHROME_READY_MARK);
      take('chrome');
    },
    pageMounted(module) {
      markOnce(`${PAGE_MOUNTED_MARK}${module}`);
      take('mounted');
    },
    contentReady(id) {
      markContentReady(id);
      take('content');
    },
    routeSettled(what) {
      performance.mark(`${ROUTE_SETTLED_MARK}${what}`);
      take('settled');
    },
    afterFirstPage(task, latestMs = 15_000) {
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
      const wake = () => {
        waiting.delete(wake);
        idleHandle = hasIdle ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 1000);
      };
      if (rested()) wake();
      else waiting.add(wake);

      function cancel() {
        window.clearTimeout(latest);
        waiting.delete(wake);
        if (idleHandle === undefined) return;
        if (hasIdle) window.cancelIdleCallback(idleHandle);
        else window.clearTimeout(idleHandle);
      }
      return () => {
        done = true;
        cancel();
      };
    },
  };
}
