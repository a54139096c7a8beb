/**
 * The page's one data island (shell/index.html): what the build and a prerender tell the shell
 * before its bundle runs. The build writes `compatibility` (rspack/compatibility-record-plugin.ts)
 * and `sharedFiles` (rspack/shell-files-plugin.ts); a prerender adds `prerender` (document.ts).
 * The bootstrap reads it once and hands each part down; the inline warm-up reads `sharedFiles`
 * from it too (remote-files.js shellSharedFiles, which names the same element).
 */
export const BOOT_ISLAND_ID = 'devhub-boot';

export interface BootIsland {
  /** The shell build's compatibility record, unchecked. */
  compatibility?: unknown;
  /** The files of each shared module the shell build provides, unchecked. */
  sharedFiles?: unknown;
  /** What a prerendered page was rendered from, unchecked. */
  prerender?: unknown;
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
