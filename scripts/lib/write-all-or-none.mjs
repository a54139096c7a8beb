// @ts-check
// What a scaffolding command writes lands whole or not at all: a run that fails half-way (a folder
// that cannot be made, a disk that is full) leaves the workspace as it found it, so that running it
// again after the fix does not stop on files the failed run left behind.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The outermost folder `mkdirSync(dir, { recursive: true })` would create, if any.
 *
 * @param {string} dir
 */
function firstMissingFolder(dir) {
  let missing;
  for (let current = dir; !existsSync(current); current = dirname(current)) {
    missing = current;
    if (dirname(current) === current) break;
  }
  return missing;
}

/** A write that failed, and what of the earlier ones could not be undone. */
export class PartialWriteError extends Error {
  /** @override */
  name = 'PartialWriteError';

  /**
   * @param {unknown} cause  why the write failed
   * @param {string[]} left  files and folders it made or changed that are still there
   */
  constructor(cause, left) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(left.length === 0 ? reason : `${reason}; could not undo: ${left.join(', ')}`, { cause });
    this.left = left;
  }
}

/**
 * Writes every file, creating the folders they need. If one step fails, every earlier one is
 * undone, each on its own (a file that existed is put back, one it created is removed, so is a
 * folder it made, even half-way), and a PartialWriteError names whatever could not be undone.
 *
 * @param {{ path: string, text: string }[]} files
 */
export function writeAllOrNone(files) {
  /** @type {(() => void)[]} how to undo each step taken, in order */
  const undo = [];
  /** @type {string[]} */
  const what = [];
  try {
    for (const { path, text } of files) {
      const missing = firstMissingFolder(dirname(path));
      if (missing) {
        // Before making it: a recursive mkdir that fails half-way leaves the outer folders made.
        undo.push(() => rmSync(missing, { recursive: true, force: true }));
        what.push(missing);
      }
      mkdirSync(dirname(path), { recursive: true });
      const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      undo.push(before === undefined ? () => rmSync(path, { force: true }) : () => writeFileSync(path, before));
      what.push(path);
      writeFileSync(path, text);
    }
  } catch (error) {
    const left = [];
    for (let step = undo.length - 1; step >= 0; step -= 1) {
      try {
        undo[step]?.();
      } catch {
        left.push(/** @type {string} */ (what[step]));
      }
    }
    throw new PartialWriteError(error, left);
  }
}
