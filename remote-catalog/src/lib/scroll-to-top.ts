const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Back to the top of the page (spec §4: go-to-top and page changes): smoothly, or at once for
 * a visitor who asked for reduced motion (a script's `behavior: 'smooth'` overrides the CSS that
 * turns smooth scrolling off, so the script must ask itself).
 */
export function scrollToTop(): void {
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
}
