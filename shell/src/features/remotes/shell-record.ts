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
  /**
   * The files of each shared module it provides, none for one in its first chunk, as index.html
   * lists them (remote-files.js's shellSharedFiles, the one reader of that list): parsed by the
   * inline warm-up, or, on a page without it, once remote-files.js has loaded.
   */
  sharedFiles: Promise<Record<string, string[]>>;
}

/** The compatibility record index.html carries, or why there is none to read. */
function readShellRecord(page: Pick<Document, 'getElementById'>): CompatibilityRecord | string {
  let raw: unknown;
  try {
    raw = JSON.parse(page.getElementById(SHELL_RECORD_ELEMENT_ID)?.textContent ?? '');
  } catch {
    return 'no compatibility record in index.html';
  }
  return readRecord(raw);
}

/**
 * The shell build as index.html describes it, read once, as the shell starts: its compatibility
 * record, and the shared modules' files the inline warm-up read (`boot`, window.__devhubBoot).
 * Without the warm-up they are read with remote-files.js, loaded on demand as the loader loads it
 * then, so the shell's first chunk carries no second reader of that list.
 */
export function readShellBuild(
  page: Pick<Document, 'getElementById'>,
  boot?: Pick<DevhubBoot, 'sharedFiles'>,
): ShellBuild {
  const sharedFiles = boot?.sharedFiles
    ? Promise.resolve(boot.sharedFiles)
    : import('./remote-files.js').then(
        ({ shellSharedFiles }) => shellSharedFiles(page),
        // The loader needs the same module and reports its failure; no file is hinted from here.
        () => ({}),
      );
  return { record: readShellRecord(page), sharedFiles };
}
