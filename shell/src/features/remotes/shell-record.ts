import { readRecord, type CompatibilityRecord } from '@devhub/contracts/record';

/** The element in which the build puts the shell's own compatibility record (see shell/index.html). */
export const SHELL_RECORD_ELEMENT_ID = 'devhub-compatibility';

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
  /** The files of each shared module it provides, none for one in its first chunk (remote-files.js). */
  sharedFiles: Record<string, string[]>;
}

/** The element in which the build lists the files of the shared modules the shell provides (see shell/index.html). */
const SHARED_FILES_ELEMENT_ID = 'devhub-shared-files';

/** A data island of the page, parsed, or undefined: none, or not JSON. */
function island(page: Pick<Document, 'getElementById'>, id: string): unknown {
  try {
    return JSON.parse(page.getElementById(id)?.textContent ?? '');
  } catch {
    return undefined;
  }
}

/**
 * The shell build as index.html describes it: its two data islands, read once, as the shell starts.
 * (The inline warm-up reads the shared files with remote-files.js's shellSharedFiles; the bundle
 * reads them here, so it carries none of remote-files.js: the loader takes the warm-up's.)
 */
export function readShellBuild(page: Pick<Document, 'getElementById'>): ShellBuild {
  const raw = island(page, SHELL_RECORD_ELEMENT_ID);
  const record = raw === undefined ? 'no compatibility record in index.html' : readRecord(raw);
  const shared = island(page, SHARED_FILES_ELEMENT_ID);
  const sharedFiles = shared !== null && typeof shared === 'object' ? (shared as Record<string, string[]>) : {};
  return { record, sharedFiles };
}
