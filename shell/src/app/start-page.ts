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

const isPrerendered = () => document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE);

/**
 * The head's script. On a prerendered page its events are held for the shell first, before
 * anything else can see one; then the saved theme applies before the first paint. On a page the
 * browser renders, the registry is requested and the current page's remote files are hinted at
 * once; a prerendered one leaves that to its first paint (startBody).
 */
export function startHead(): void {
  if (isPrerendered()) replayEventsAfterHydration();
  applySavedTheme();
  if (!isPrerendered()) startWarmUp(sharedFilesOf(readBootIsland(document)))();
}

/**
 * The script after #root, which the parser runs once the page's stylesheets are in (a script
 * waits for them): a prerendered page is laid out once, styled, not once before they arrive and
 * again after. On a prerendered page it requests the registry, then after the first paint hints
 * the page's remote files (from the plan the island carries, when it still holds) and starts the
 * shell's scripts the island lists.
 */
export function startBody(): void {
  if (!isPrerendered()) return;
  const island = readBootIsland(document);
  startAfterFirstPaint(scriptsOf(island), FIRST_PAINT_WAIT_MS, startWarmUp(sharedFilesOf(island), island.firstLoad));
}
