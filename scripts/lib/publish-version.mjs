// @ts-check
// Publishing a version folder to a store (a folder or Azure Blob Storage, scripts/lib/storage.mjs)
// so that no machine can overwrite a published version: `deploy --to azblob://…` and the browser
// tests that publish this workspace's builds.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join, relative, sep } from 'node:path';
import { CliError } from './cli.mjs';
import { MANIFEST_FILE, filesUnder, sri } from './integrity.mjs';

/** The bounded compare-and-swap attempts on a version index another deploy may write at once. */
const INDEX_ATTEMPTS = 8;

/**
 * Publishes a built, sealed version folder to a store (scripts/lib/storage.mjs): every file
 * created only if absent, the manifest last, then the version added to the remote's index with
 * a compare-and-swap. A file already there with the same bytes is what a deploy that died
 * half-way left: it is kept and the version completed. Different bytes refuse the version at that
 * file, nothing of what is stored changed. Returns the version's entry in the index.
 *
 * @param {import('./storage-objects.mjs').Storage} storage
 * @param {{ remote: string, pkg: string, version: string, dir: string, buildHash: string, publishedAt: string }} version
 * @returns {Promise<{ version: string, buildHash: string, publishedAt: string, integrity: string }>}
 */
export async function publishVersion(storage, { remote, pkg, version, dir, buildHash, publishedAt }) {
  const names = filesUnder(dir).map((file) => relative(dir, file).split(sep).join('/'));
  const ordered = [...names.filter((name) => name !== MANIFEST_FILE), MANIFEST_FILE];
  /** @type {Uint8Array} */
  let manifestBytes = readFileSync(join(dir, MANIFEST_FILE));
  let published = publishedAt;
  /** @param {string} key */
  const alreadyPublished = (key) =>
    new CliError(
      `${pkg}@${version} is already published at ${storage.describe(key)} with other bytes; published versions are immutable: bump the version in package.json`,
    );
  // The manifest a deploy that died half-way left, checked first: another build's is refused before anything is written.
  const manifestKey = `${pkg}/${version}/${MANIFEST_FILE}`;
  const left = await storage.read(manifestKey);
  if (left && !sameManifest(left.bytes, manifestBytes)) throw alreadyPublished(manifestKey);
  for (const name of ordered) {
    const key = `${pkg}/${version}/${name}`;
    const bytes = readFileSync(join(dir, name));
    if (await storage.createIfAbsent(key, bytes)) continue;
    const stored = await storage.read(key);
    if (stored && Buffer.compare(stored.bytes, bytes) === 0) continue;
    // The manifest records when it was published: a retry's differs by that alone, or it is not this build's.
    if (name === MANIFEST_FILE && stored && sameManifest(stored.bytes, bytes)) {
      manifestBytes = stored.bytes;
      published = JSON.parse(stored.bytes.toString('utf8')).metaData?.buildInfo?.publishedAt ?? publishedAt;
      continue;
    }
    throw alreadyPublished(key);
  }
  const entry = { version, buildHash, publishedAt: published, integrity: sri(manifestBytes) };
  const indexKey = `${pkg}/versions.json`;
  for (let attempt = 1; attempt <= INDEX_ATTEMPTS; attempt += 1) {
    const read = await storage.read(indexKey);
    const index = read ? JSON.parse(read.bytes.toString('utf8')) : { remote, package: pkg, versions: [] };
    const listed = index.versions.find((/** @type {{ version: string }} */ item) => item.version === version);
    if (listed) {
      if (listed.integrity === entry.integrity) return listed;
      throw new CliError(`${pkg}@${version} was published by someone else meanwhile; published versions are immutable`);
    }
    index.versions = [...index.versions, entry];
    const text = `${JSON.stringify(index, null, 2)}\n`;
    const written = read
      ? await storage.replaceIfUnchanged(indexKey, text, read.etag)
      : await storage.createIfAbsent(indexKey, text);
    if (written) return entry;
  }
  throw new CliError(
    `${storage.describe(indexKey)} kept changing while this deploy wrote it (${INDEX_ATTEMPTS} attempts): run it again to complete ${pkg}@${version}`,
  );
}

/**
 * Whether a stored manifest is this build's, published earlier: the same JSON in every field (its
 * entry, exposes, routes, public path, compatibility record, every file's digest…) but the date
 * it records, which a retry stamps anew. Matching digests alone would adopt a manifest that
 * points the same files at other pages, or other files at other origins.
 *
 * @param {Uint8Array} stored
 * @param {Uint8Array} built
 */
function sameManifest(stored, built) {
  /** @param {Uint8Array} bytes */
  const undated = (bytes) => {
    const manifest = JSON.parse(Buffer.from(bytes).toString('utf8'));
    if (manifest?.metaData?.buildInfo) delete manifest.metaData.buildInfo.publishedAt;
    return manifest;
  };
  try {
    return isDeepStrictEqual(undated(stored), undated(built));
  } catch {
    return false;
  }
}
