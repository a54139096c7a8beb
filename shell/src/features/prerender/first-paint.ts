/** A script of the shell's index.html, by its attributes (`src` among them). */
export type ScriptAttributes = Record<string, string>;

/**
 * How long a prerendered page waits for its first picture before it starts the shell anyway: past
 * 2.5 s the largest paint is poor whatever happens, and the page must not stay inert behind a slow
 * picture.
 */
export const FIRST_PAINT_WAIT_MS = 2500;

/**
 * Starts the shell's scripts once a prerendered page is on screen: its markup parsed (this runs
 * from the script after #root, start-page.ts, before parsing has ended), its first contentful paint
 * presented (a paint timing entry is queued only once the frame is shown, where an animation
 * frame callback runs before it is drawn), its first high-priority picture decoded, and two
 * frames drawn after that, the one with the picture among them. Until then nothing else competes
 * for the connection and the main thread: the shell's bundle, and the warm-up of the page's remote
 * files (`onStart`, warm-up.js), would otherwise share the bandwidth with that picture and run
 * their code before the frame that shows it. The markup is on screen meanwhile; the shell
 * hydrates it after.
 */
export function startAfterFirstPaint(scripts: ScriptAttributes[], waitMs: number, onStart: () => void): void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => startAfterFirstPaint(scripts, waitMs, onStart), {
      once: true,
    });
    return;
  }
  let started = false;
  function start() {
    if (started) return;
    started = true;
    onStart();
    for (const attributes of scripts) {
      const script = document.createElement('script');
      for (const name of Object.keys(attributes)) script.setAttribute(name, attributes[name] ?? '');
      // In document order, as the deferred scripts they replace.
      script.async = false;
      document.head.appendChild(script);
    }
  }
  // A page opened in the background draws no frames: nothing to wait for.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  setTimeout(start, waitMs);
  const firstPaint = new Promise<void>((resolve) => {
    const observes = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : undefined;
    if (!observes || !observes.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  // A picture that fails to load rejects: the page has painted what it could.
  const decoded = picture ? picture.decode().catch(() => undefined) : undefined;
  function afterTwoFrames() {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  }
  void Promise.all([firstPaint, decoded]).then(afterTwoFrames);
}
