// @ts-check
// The checks of `remotes use|rollback|doctor` read a published version from a folder
// (scripts/lib/manifest.mjs, integrity.mjs). A version kept on object storage is checked the
// same way: its files and its remote's version index are copied into a temporary folder laid out
// as a deploy folder, the checks run there, and the folder goes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { CliError } from './cli.mjs';
import { isBlobAddress } from './storage-objects.mjs';
import { openStorage, openStorageOf } from './storage.mjs';

/**
 * Where a registry's published versions are: `deployDir` when given, else for a registry on
 * object storage the folder it is in (a deploy `--to` the same prefix), else the default folder.
 *
 * @param {{ registryFile: string, deployDir?: string | undefined }} options
 * @returns {string | undefined}
 */
export function deploySourceOf({ registryFile, deployDir }) {
  if (deployDir !== undefined) return deployDir;
  if (!isBlobAddress(registryFile)) return undefined;
  const { storage } = openStorageOf(registryFile);
  return storage.address;
}

/**
 * Copies `<pkg>/versions.json` and every file of `<pkg>/<version>/` from the store into `dir`.
 *
 * @param {string} address  the store's azblob:// address
 * @param {string} pkg
 * @param {string} version
 * @param {string} dir
 */
export async function copyVersion(address, pkg, version, dir) {
  const storage = openStorage(address);
  const keys = [`${pkg}/versions.json`, ...(await storage.list(`${pkg}/${version}/`))];
  for (const key of keys) {
    const read = await storage.read(key);
    if (!read) continue;
    const file = join(dir, ...key.split('/'));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, read.bytes);
  }
}

/**
 * Runs `work` with a folder holding the given versions as a deploy folder does: `deployDir` itself
 * when it is a folder (or undefined: the default), else a temporary copy of them from the store.
 * `work` gets the folder and `named`, which turns a message naming a file of the copy into one
 * naming its blob (a file missing from the copy is missing from the store); a CliError thrown by
 * `work` is named so too. Nobody can act on a temporary path that is gone when the command ends.
 *
 * @template T
 * @param {string | undefined} deployDir
 * @param {Array<{ pkg: string, version: string }>} versions
 * @param {(dir: string | undefined, named: (message: string) => string) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withVersionsOnDisk(deployDir, versions, work) {
  if (deployDir === undefined || !isBlobAddress(deployDir)) return work(deployDir, (message) => message);
  const dir = mkdtempSync(join(tmpdir(), 'devhub-versions-'));
  const store = deployDir.replace(/\/+$/, '');
  // The copy's path, then the key below it (its separators become the store's slashes).
  const copied = new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}((?:[\\/][^\\/\\s)]+)*)`, 'g');
  /** @param {string} message */
  const named = (message) => message.replace(copied, (_, key) => `${store}${String(key).split(sep).join('/')}`);
  try {
    for (const { pkg, version } of versions) await copyVersion(deployDir, pkg, version, dir);
    return await work(dir, named);
  } catch (error) {
    if (error instanceof CliError) error.message = named(error.message);
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
