/**
 * The id of the shell's `<main>`, the area a remote's page renders in: the skip link's target, where
 * focus goes after a navigation, and what tells a page's events from the chrome's before hydration
 * (event-replay.js). A remote's standalone frame (shared/src/dev/standalone-frame.tsx) gives
 * its own `<main>` the same id.
 */
export const MAIN_CONTENT_ID = 'main-content';
