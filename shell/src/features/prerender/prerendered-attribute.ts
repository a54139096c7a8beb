/**
 * Set on a prerendered page's <html>: the page's scripts (shell/src/app/start-page.ts) then hold
 * its events for the shell and leave the warm-up to the script after #root, once the page's
 * stylesheets are in.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
