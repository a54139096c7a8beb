/**
 * Set on a prerendered page's <html>: the head's warm-up (warm-up.inline.js, given this name by
 * shell/rspack.config.ts) then leaves its hints to the page's first paint (first-paint.ts).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
