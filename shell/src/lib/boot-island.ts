/**
 * The page's one data island (shell/index.html): what the build and a prerender tell the shell
 * before its bundle runs. The build writes `compatibility` (rspack/compatibility-record-plugin.ts)
 * and `sharedFiles` (rspack/shell-files-plugin.ts); a prerender adds `prerender` and `firstLoad`
 * (document.ts).
 * The page's scripts read it (start-page.ts), and so does the bootstrap, once, handing each
 * part down.
 */
export const BOOT_ISLAND_ID = 'devhub-boot';

export interface BootIsland {
  /** The shell build's compatibility record, unchecked. */
  compatibility?: unknown;
  /** The files of each shared module the shell build provides, unchecked. */
  sharedFiles?: unknown;
  /** What a prerendered page was rendered from, unchecked. */
  prerender?: unknown;
  /** What a prerendered page's first load needs, for its warm-up (first-load-plan.ts), unchecked. */
  firstLoad?: unknown;
}

/** The island as JSON inside its element: nothing in it can close the element. */
export const islandText = (island: BootIsland): string => JSON.stringify(island).replaceAll('<', '\\u003c');

/** The page's island, read once; a page without one, or with one that is not JSON, has an empty one. */
export function readBootIsland(page: Pick<Document, 'getElementById'>): BootIsland {
  try {
    const parsed: unknown = JSON.parse(page.getElementById(BOOT_ISLAND_ID)?.textContent ?? '');
    return parsed !== null && typeof parsed === 'object' ? (parsed as BootIsland) : {};
  } catch {
    return {};
  }
}
