// @ts-check
// A store in a plain folder (storage.mjs): a hard link creates a file only if absent, and a replace
// runs under the registry lock (registry-lock.mjs) against the content hash the file was read with.
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CliError } from './cli.mjs';
import { filesUnder } from './integrity.mjs';
import { withRegistryLock } from './registry-lock.mjs';
import { assertKey, etagOf } from './storage-objects.mjs';

/** @typedef {import('./storage-objects.mjs').Storage} Storage */

/**
 * @param {string} dir
 * @returns {Storage}
 */
export function folderStorage(dir) {
  const root = resolve(dir);
  /** @param {string} key */
  const pathOf = (key) => {
    const path = join(root, ...assertKey(key).split('/'));
    const fromRoot = relative(root, path);
    if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) throw new CliError(`${key} leads out of ${root}`);
    return path;
  };
  /**
   * Writes a temporary file beside `path`: the caller moves or links it into place, so a reader
   * never sees a half-written file.
   *
   * @param {string} path
   * @param {Uint8Array | string} bytes
   */
  const temporary = (path, bytes) => {
    mkdirSync(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
    writeFileSync(temp, bytes);
    return temp;
  };
  return {
    address: dir,
    describe: (key) => pathOf(key),
    async read(key) {
      const path = pathOf(key);
      if (!existsSync(path)) return undefined;
      const bytes = readFileSync(path);
      return { bytes, etag: etagOf(bytes) };
    },
    async createIfAbsent(key, bytes) {
      const path = pathOf(key);
      const temp = temporary(path, bytes);
      try {
        // link(2) fails if the name exists: create-if-absent, atomic, without a lock.
        linkSync(temp, path);
        return true;
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return false;
        throw error;
      } finally {
        rmSync(temp, { force: true });
      }
    },
    async replaceIfUnchanged(key, bytes, etag) {
      const path = pathOf(key);
      return withRegistryLock(path, () => {
        if (!existsSync(path) || etagOf(readFileSync(path)) !== etag) return false;
        const temp = temporary(path, bytes);
        // rename(2) replaces atomically; the lock keeps the check and the rename together.
        renameSync(temp, path);
        return true;
      });
    },
    async list(prefix = '') {
      const base = prefix === '' ? root : pathOf(prefix.replace(/\/+$/, ''));
      if (!existsSync(base)) return [];
      return filesUnder(base)
        .map((file) => relative(root, file).split(sep).join('/'))
        .filter((key) => !key.split('/').some((part) => part.startsWith('.')))
        .sort();
    },
  };
}
