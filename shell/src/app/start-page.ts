import { replayEventsAfterHydration } from '../features/prerender/event-replay';
import { PRERENDERED_ATTRIBUTE } from '../features/prerender/prerendered-attribute';
import { sharedFilesOf } from '../features/remotes/shell-record';
import { startWarmUp } from '../features/remotes/warm-up.js';
import { applySavedTheme } from '../features/theme/saved-theme';
import { readBootIsland } from '../lib/boot-island';

/**
 * The page's one script, run inline from its head before anything else of it. On a prerendered
 * page its events are held for the shell first, before anything else can see one; then the saved
 * theme applies before the first paint, and the current page's remote is warmed up: the registry
 * requested and the page's files hinted (a prerendered page's from the plan its island carries,
 * while it holds). The shell's bundle, deferred in the head, is requested from the first byte too
 * and runs once the page is parsed and its stylesheets are in.
 */
export function startPage(): void {
  if (document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE)) replayEventsAfterHydration();
  applySavedTheme();
  const island = readBootIsland(document);
  startWarmUp(sharedFilesOf(island), island.firstLoad);
}
