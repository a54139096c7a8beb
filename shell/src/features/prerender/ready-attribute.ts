/**
 * Set on the page's <html> by the browser's first-page object (features/remotes/first-page.ts), a
 * word for each step of the first page React has taken: `chrome` (the chrome's effects ran),
 * `mounted` (the route's remote page mounted), then `content` (its content is on screen) or
 * `settled` (the route came to rest without a remote's content). The inline event replay, which no
 * object of the shell can reach, reads it.
 */
export const READY_ATTRIBUTE = 'data-ready';

export type ReadyStep = 'chrome' | 'mounted' | 'content' | 'settled';

/**
 * Set on <html> by the bootstrap once it has started the first page: `hydrated` when React took over
 * the prerendered markup, `client` when it rendered the page anew. The event replay reads it too.
 */
export const RENDERING_ATTRIBUTE = 'data-rendering';

export type Rendering = 'hydrated' | 'client';
