import { readRecord, type CompatibilityRecord } from '@devhub/contracts/record';
import type { BootIsland } from '../../lib/boot-island';

/**
 * What this shell build provides, as the remote host checks every remote against it: given to the
 * host by whoever creates it (the browser's bootstrap reads it from index.html once; the server
 * renderer and a test give their own), so no part of the loader reads the page for it.
 */
export interface ShellBuild {
  /**
   * Its compatibility record, or why it cannot be read: a shell without its record can vouch for
   * no remote, and every remote slot then says so.
   */
  record: CompatibilityRecord | string;
  /**
   * The files of each shared module it provides, none for one in its first chunk, as index.html's
   * island lists them (sharedFilesOf).
   */
  sharedFiles: Promise<Record<string, string[]>>;
}

/** The compatibility record the page's island carries, or why there is none to read. */
function readShellRecord(island: BootIsland): CompatibilityRecord | string {
  return island.compatibility === undefined
    ? 'no compatibility record in index.html'
    : readRecord(island.compatibility);
}

/** The files of each shared module the island lists: an empty list for anything else. */
export function sharedFilesOf(island: BootIsland): Record<string, string[]> {
  const files = island.sharedFiles;
  return files !== null && typeof files === 'object' ? (files as Record<string, string[]>) : {};
}

/** The shell build as index.html describes it, from the page's island the bootstrap read once. */
export function readShellBuild(island: BootIsland): ShellBuild {
  return { record: readShellRecord(island), sharedFiles: Promise.resolve(sharedFilesOf(island)) };
}
