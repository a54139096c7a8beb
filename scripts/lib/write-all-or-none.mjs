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

/**
 * Writes every file, creating the folders they need; if one write fails, puts back the files that
 * existed, removes the ones it created and the folders it made, and throws the failure.
 *
 * @param {{ path: string, text: string }[]} files
 */
export function writeAllOrNone(files) {
  /** @type {{ path: string, before: string | undefined }[]} */
  const written = [];
  /** @type {string[]} */
  const madeFolders = [];
  try {
    for (const { path, text } of files) {
      const missing = firstMissingFolder(dirname(path));
      mkdirSync(dirname(path), { recursive: true });
      if (missing) madeFolders.push(missing);
      const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      written.push({ path, before });
      writeFileSync(path, text);
    }
  } catch (error) {
    for (const { path, before } of written.reverse()) {
      if (before === undefined) rmSync(path, { force: true });
      else writeFileSync(path, before);
    }
    for (const folder of madeFolders.reverse()) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
