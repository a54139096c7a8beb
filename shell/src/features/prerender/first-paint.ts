/** A script of the shell's index.html, by its attributes (`src` among them). */
export type ScriptAttributes = Record<string, string>;

/**
 * How long a prerendered page waits for its first picture before it starts the shell anyway: past
 * 2.5 s the largest paint is poor whatever happens, and the page must not stay inert behind a slow
 * picture.
 */
export const FIRST_PAINT_WAIT_MS = 2500;

/**
 * Runs the shell's scripts once a prerendered page is on screen: its stylesheets in (the script
 * that calls this sits after them, which the parser waits for), its first contentful paint
 * presented (a paint timing entry is queued only once the frame is shown, where an animation
 * frame callback runs before it is drawn), its first high-priority picture decoded, and two
 * frames drawn after that, the one with the picture among them. Meanwhile they only download, at
 * low priority: the shell's scripts preloaded here, the page's remote files by the warm-up the head
 * set aside (warm-up.inline.js). Run before that frame, their code would delay the picture; at
 * high priority, their bytes would share its bandwidth. The markup is on screen meanwhile; the
 * shell hydrates it after.
 *
 * The preloads are made here, not written in the markup: under the page's policy
 * (`'strict-dynamic'`) only an element a trusted script creates may fetch a script, and a preload
 * matches the script that uses it only with the same `integrity` and `crossorigin`.
 *
 * Inlined into the page as its own source (document.ts): self-contained, syntax every supported
 * browser runs, no helpers.
 */
export function startAfterFirstPaint(scripts: ScriptAttributes[], waitMs: number): void {
  let started = false;
  // A page opened in the background draws no frames: nothing to wait for.
  const waits = document.visibilityState !== 'hidden';
  const boot = window.__devhubBoot;
  if (boot && typeof boot.warmUp === 'function') boot.warmUp(waits);
  for (const attributes of waits ? scripts : []) {
    const src = attributes.src;
    if (!src) continue;
    const preload = document.createElement('link');
    preload.setAttribute('rel', 'preload');
    preload.setAttribute('as', 'script');
    if (attributes.integrity) preload.setAttribute('integrity', attributes.integrity);
    if (attributes.crossorigin !== undefined) preload.setAttribute('crossorigin', attributes.crossorigin);
    preload.setAttribute('fetchpriority', 'low');
    preload.setAttribute('href', src);
    document.head.appendChild(preload);
  }
  function start() {
    if (started) return;
    started = true;
    for (const attributes of scripts) {
      const script = document.createElement('script');
      for (const name of Object.keys(attributes)) script.setAttribute(name, attributes[name] ?? '');
      // In document order, as the deferred scripts they replace.
      script.async = false;
      document.head.appendChild(script);
    }
  }
  if (!waits) {
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
