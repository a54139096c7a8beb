/**
 * Set on a prerendered page's <html>: the page's scripts (shell/src/app/start-page.ts) then hold
 * its events for the shell and leave the warm-up and the shell's bundle to its first paint
 * (first-paint.ts).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
