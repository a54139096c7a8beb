import { readRecord, type CompatibilityRecord } from '@devhub/contracts/record';
import { shellSharedFiles } from './remote-files.js';

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

/** The shell build as index.html describes it: its two data islands, read once, as the shell starts. */
export function readShellBuild(page: Pick<Document, 'getElementById'>): ShellBuild {
  const text = page.getElementById(SHELL_RECORD_ELEMENT_ID)?.textContent ?? '';
  let record: CompatibilityRecord | string;
  try {
    record = readRecord(JSON.parse(text));
  } catch {
    record = 'no compatibility record in index.html';
  }
  return { record, sharedFiles: shellSharedFiles(page) };
}
