// @ts-check
// A folder of prerendered pages that a server reads while a writer replaces it. The folder's path
// is a symbolic link to one generation of the pages, swapped in one rename; a reader resolves the
// link once per request (prerender-pages.mjs) and reads that generation to the end. Renaming the
// folder itself would let a request find a page in one render and read it from the next: a page
// of another length, sent short of the length already announced, leaves the browser waiting.
import { randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';

/** @param {string} dir */
const generationsOf = (dir) => `${dir}.generations`;

/** @param {string} dir  the generation the link names, if it is one */
function linkedGeneration(dir) {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  return stat?.isSymbolicLink() ? basename(readlinkSync(dir)) : undefined;
}

/**
 * Makes `staging` the pages `dir` names. The generation it replaces stays for a request that
 * resolved it a moment ago; older ones are removed.
 *
 * @param {string} dir
 * @param {string} staging  a folder on the same file system, moved away by this call
 */
export function installPages(dir, staging) {
  const generations = generationsOf(dir);
  mkdirSync(generations, { recursive: true });
  const previous = linkedGeneration(dir);
  const current = `${Date.now().toString(36)}-${randomUUID()}`;
  renameSync(staging, join(generations, current));
  const link = `${dir}.${process.pid}.link`;
  rmSync(link, { force: true });
  // Relative, so a copy of the folder beside it still works.
  symlinkSync(join(basename(generations), current), link);
  // A folder from before generations (or from a copy) cannot be renamed over: it goes first.
  if (lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) rmSync(dir, { recursive: true, force: true });
  renameSync(link, dir);
  removeGenerations(dir, [current, previous]);
}

/**
 * Serves no pages from `dir` any more. Its last generation stays for a request that resolved it a
 * moment ago, and goes with the next install or withdrawal.
 *
 * @param {string} dir
 */
export function withdrawPages(dir) {
  const previous = linkedGeneration(dir);
  rmSync(dir, { recursive: true, force: true });
  removeGenerations(dir, [previous]);
}

/**
 * @param {string} dir
 * @param {Array<string | undefined>} kept
 */
function removeGenerations(dir, kept) {
  const generations = generationsOf(dir);
  if (!lstatSync(generations, { throwIfNoEntry: false })) return;
  const left = readdirSync(generations).filter((name) => {
    if (kept.includes(name)) return true;
    rmSync(join(generations, name), { recursive: true, force: true });
    return false;
  });
  if (left.length === 0) rmSync(generations, { recursive: true, force: true });
}
