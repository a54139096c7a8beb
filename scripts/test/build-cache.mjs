// @ts-check
// Builds kept by the hash of their sources: a build made once stays in `<cacheDir>/<name>-<hash>/`
// and is used again while the files it was made from and its recipe are unchanged. The browser
// tests keep their few variant builds here (e2e/support/variant-build.mjs).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

const META_FILE = 'meta.json';

/**
 * One hash over the files of the working tree at `root` (tracked, and new files git does not
 * ignore) that `ignored` does not rule out, their contents as they are now, and `recipe`.
 *
 * @param {{ root: string, recipe: string, ignored?: (file: string) => boolean }} options
 */
export function sourcesHash({ root, recipe, ignored = () => false }) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  const hash = createHash('sha256').update(`${process.version}\0${recipe}\0`);
  for (const file of listed.stdout.split('\0').filter(Boolean).sort()) {
    // A file deleted from the working tree but not from the index is listed and gone.
    if (ignored(file) || !existsSync(join(root, file))) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * @template M
 * @typedef {{ dir: string, meta: M, built: boolean }} CachedBuild
 *   `dir`: the kept folder (never edit it); `meta`: what `make` returned; `built`: made by this call
 */

/**
 * The folder `<cacheDir>/<name>-<hash>`, made by `make` into a staging folder if it is not there
 * yet (then every other hash of `name` is removed). Two processes making the same one at once
 * both succeed: the first to finish keeps its folder, the other uses it.
 *
 * @template M
 * @param {{ cacheDir: string, name: string, hash: string, make: (dir: string) => M | Promise<M> }} options
 * @returns {Promise<CachedBuild<M>>}
 */
export async function cachedBuild({ cacheDir, name, hash, make }) {
  const entry = join(cacheDir, `${name}-${hash}`);
  const read = (/** @type {boolean} */ built) => ({
    dir: entry,
    meta: /** @type {M} */ (JSON.parse(readFileSync(join(entry, META_FILE), 'utf8'))),
    built,
  });
  if (existsSync(join(entry, META_FILE))) return read(false);

  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, `.${name}-`));
  try {
    const meta = await make(staging);
    // Written last: a folder without it is one whose making did not finish.
    writeFileSync(join(staging, META_FILE), JSON.stringify(meta ?? null));
    try {
      renameSync(staging, entry);
    } catch (error) {
      if (!existsSync(join(entry, META_FILE))) throw error;
      return read(false);
    }
    const older = new RegExp(`^${name.replace(/[^\w-]/g, '')}-[0-9a-f]{${hash.length}}$`);
    for (const other of readdirSync(cacheDir)) {
      if (older.test(other) && other !== `${name}-${hash}`)
        rmSync(join(cacheDir, other), { recursive: true, force: true });
    }
    return read(true);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
