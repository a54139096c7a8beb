import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

/**
 * Makes `path` a file only its owner can read, creating it empty when missing, whatever the
 * folder's mode. An existing file is never opened: closing any descriptor of a file drops every
 * POSIX lock this process holds on it, and SQLite keeps its locks that way.
 */
export function ownerOnlyFile(path: string): void {
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, 0o600);
}

/** Tightens files a previous run may have left world-readable; missing ones are fine. */
export function ownerOnlyIfPresent(path: string): void {
  if (existsSync(path)) chmodSync(path, 0o600);
}
