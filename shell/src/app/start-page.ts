import { replayEventsAfterHydration } from '../features/prerender/event-replay';
import { FIRST_PAINT_WAIT_MS, startAfterFirstPaint, type ScriptAttributes } from '../features/prerender/first-paint';
import { PRERENDERED_ATTRIBUTE } from '../features/prerender/prerendered-attribute';
import { sharedFilesOf } from '../features/remotes/shell-record';
import { startWarmUp } from '../features/remotes/warm-up.js';
import { applySavedTheme } from '../features/theme/saved-theme';
import { readBootIsland, type BootIsland } from '../lib/boot-island';

/** The shell's scripts a prerendered page starts itself (document.ts): the island's list, if it is one. */
function scriptsOf(island: BootIsland): ScriptAttributes[] {
  const { scripts } = island;
  if (!Array.isArray(scripts)) return [];
  return scripts.filter(
    (attributes): attributes is ScriptAttributes =>
      attributes !== null &&
      typeof attributes === 'object' &&
      Object.values(attributes as object).every((value) => typeof value === 'string'),
  );
}

/**
 * On a prerendered page its events are held for the shell first, before anything else can see
 * one; then the saved theme applies before the first paint, the registry is requested, and the
 * current page's remote files are hinted: at once on a page the browser renders, after the first
 * paint on a prerendered one, which then starts the shell's bundle too.
 */
export function startPage(): void {
  const prerendered = document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE);
  if (prerendered) replayEventsAfterHydration();
  applySavedTheme();
  const island = readBootIsland(document);
  const warmUp = startWarmUp(sharedFilesOf(island));
  if (prerendered) startAfterFirstPaint(scriptsOf(island), FIRST_PAINT_WAIT_MS, warmUp);
  else warmUp();
}
