// @ts-check
// The digests that make a published version trustworthy wherever it is stored. `deploy` writes a
// sha384 of every file of the version into its manifest (`metaData.integrity`), and the manifest's
// own sha384 into the remote's versions.json; `use` copies that digest into the registry entry.
// Whoever runs the version (the browser, the prerender, `doctor`) checks the manifest's bytes
// against the pin first, then every file it runs against the manifest: one root of trust, the pin.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { INTEGRITY_PATTERN } from '@devhub/contracts/pin';
import { CliError } from './cli.mjs';

export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * @param {Uint8Array | string} bytes
 * @returns {string} `sha384-<base64>`, the form an `integrity` attribute takes
 */
export function sri(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * Every file below `dir`, in a stable order.
 *
 * @param {string} dir
 * @returns {string[]}
 */
export function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/**
 * The digest of every file of a version folder but its manifest (which carries them), keyed by
 * its path relative to the folder, as a URL names it.
 *
 * @param {string} dir
 * @returns {Record<string, string>}
 */
export function digestFiles(dir) {
  /** @type {Record<string, string>} */
  const digests = {};
  for (const file of filesUnder(dir)) {
    const name = relative(dir, file).split(sep).join('/');
    if (name === MANIFEST_FILE) continue;
    digests[name] = sri(readFileSync(file));
  }
  return digests;
}

/**
 * Writes the digest of every file of the version into its manifest (`metaData.integrity`) and
 * returns the digest of the manifest as written: the one versions.json and a pin carry.
 *
 * @param {string} dir  a version folder (or a build served as one)
 * @returns {string}
 */
export function sealVersion(dir) {
  const file = join(dir, MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifest.metaData = { ...manifest.metaData, integrity: digestFiles(dir) };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
  return sri(text);
}

/**
 * A path a manifest may list: relative, inside the version folder, plain URL characters.
 *
 * @param {string} name
 */
export function isVersionPath(name) {
  return /^[A-Za-z0-9._~@+-][A-Za-z0-9._~@+/-]*$/.test(name) && !name.split('/').some((part) => part === '..');
}

/**
 * One GET of a file, its redirects refused (the bytes are those of the URL asked for).
 *
 * @param {string} url
 * @param {number} timeoutMs
 * @returns {Promise<Uint8Array>}
 */
export async function fetchBytes(url, timeoutMs) {
  let response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (caught) {
    const error = /** @type {{ name?: string, message?: string, cause?: { code?: string } }} */ (caught);
    const reason =
      error?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error?.cause?.code ?? error?.message);
    throw new CliError(`${url} is unreachable (${reason})`);
  }
  if (!response.ok) throw new CliError(`${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Refuses a manifest whose bytes are not the ones pinned.
 *
 * @param {Uint8Array | string} bytes  the manifest exactly as read
 * @param {string | undefined} expected  the pin's (or the version index's) digest
 * @param {string} location  for the message
 * @returns {string} the manifest's digest
 */
export function checkManifestDigest(bytes, expected, location) {
  const actual = sri(bytes);
  if (expected === undefined) throw new CliError(`${location} has no pinned digest: pin it again with "remotes use"`);
  if (actual !== expected) {
    throw new CliError(`${location} is not the manifest that was pinned (pinned ${expected}, found ${actual})`);
  }
  return actual;
}

/**
 * Which files of a version a check covers.
 *
 * @typedef {'all' | 'server'} FileSelection  `server`: the Node build (`.cjs`), what the prerender requires
 */

/**
 * The file digests a manifest lists (`metaData.integrity`), and what is wrong with the list as a
 * whole: a manifest without digests, or whose entry is not among them (nothing it names could be checked).
 *
 * @param {{ metaData?: { integrity?: unknown, remoteEntry?: { name?: string, path?: string }, ssrRemoteEntry?: { name?: string, path?: string } } }} manifest
 * @param {string} location  the manifest's file or URL (for the messages)
 * @param {FileSelection} files
 * @returns {{ digests: Array<[string, unknown]>, problems: string[] }}  the digests of the selected files
 */
function digestsOf(manifest, location, files) {
  const listed = manifest.metaData?.integrity;
  if (listed === null || typeof listed !== 'object' || Array.isArray(listed)) {
    return {
      digests: [],
      problems: [`${location} lists no file digests (metaData.integrity): publish it with "npm run deploy"`],
    };
  }
  const all = /** @type {Record<string, unknown>} */ (listed);
  const entry = files === 'server' ? manifest.metaData?.ssrRemoteEntry : manifest.metaData?.remoteEntry;
  const entryName = entry?.name ? `${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}` : '';
  return {
    digests: Object.entries(all).filter(([name]) => files !== 'server' || name.endsWith('.cjs')),
    problems: entryName && !(entryName in all) ? [`${entryName} has no digest in ${location}`] : [],
  };
}

/**
 * Whether a manifest lists `name` with a digest it can be checked against.
 *
 * @param {string} name
 * @param {unknown} expected
 * @returns {expected is string}
 */
const isListed = (name, expected) =>
  isVersionPath(name) && typeof expected === 'string' && INTEGRITY_PATTERN.test(expected);

/**
 * The files of a version a check covers, as its manifest lists them, with the digest each must
 * have (`name`: relative to the manifest's folder, as a URL names it); and what is wrong with the
 * list, one line per problem.
 *
 * @param {Parameters<typeof digestsOf>[0]} manifest
 * @param {string} location  the manifest's file or URL (for the messages)
 * @param {{ files?: FileSelection }} [options]
 * @returns {{ listed: Array<{ name: string, expected: string }>, problems: string[] }}
 */
export function listedFiles(manifest, location, { files = 'all' } = {}) {
  const { digests, problems } = digestsOf(manifest, location, files);
  /** @type {Array<{ name: string, expected: string }>} */
  const listed = [];
  for (const [name, expected] of digests) {
    if (isListed(name, expected)) listed.push({ name, expected });
    else problems.push(`${location} lists "${name}" with no valid digest`);
  }
  return { listed, problems };
}

/**
 * Checks the files a manifest lists against their bytes, where the manifest was read (a folder
 * on this machine or a URL). Returns one line per problem, naming the file and both digests.
 * A manifest without digests, or whose entry is not among them, is a problem: nothing it names
 * could be checked. What the prerender runs is checked where it runs instead (version-mirror.mjs).
 *
 * @param {Parameters<typeof digestsOf>[0]} manifest
 * @param {string} location  the manifest's file or URL
 * @param {{ files?: FileSelection, timeoutMs?: number }} [options]
 * @returns {Promise<string[]>}
 */
export async function checkVersionFiles(manifest, location, { files = 'all', timeoutMs = 5000 } = {}) {
  const { digests, problems } = digestsOf(manifest, location, files);
  const overHttp = /^https?:\/\//.test(location);
  for (const [name, expected] of digests) {
    // A static server sends its compressed copies decoded: the browser checks what they decode to.
    if (overHttp && /\.(br|gz)$/.test(name)) continue;
    if (!isListed(name, expected)) {
      problems.push(`${location} lists "${name}" with no valid digest`);
      continue;
    }
    let bytes;
    if (overHttp) {
      try {
        bytes = await fetchBytes(new URL(name, location).href, timeoutMs);
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
        continue;
      }
    } else {
      const path = join(location, '..', ...name.split('/'));
      if (!existsSync(path)) {
        problems.push(`${name} is missing (${path})`);
        continue;
      }
      bytes = readFileSync(path);
    }
    const actual = sri(bytes);
    if (actual !== expected) problems.push(`${name} does not match its digest (manifest ${expected}, file ${actual})`);
  }
  return problems;
}

/**
 * The digest the remote's version index (versions.json, beside its version folders) records for
 * `version`, read where the manifest was read. A version the index gives no digest is refused:
 * nothing could tell its manifest from another.
 *
 * @param {string} location  the version's manifest (a file or a URL)
 * @param {string} version
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<string>}
 */
export async function indexedDigest(location, version, { timeoutMs = 5000 } = {}) {
  const overHttp = /^https?:\/\//.test(location);
  const index = overHttp
    ? new URL('../versions.json', location).href
    : join(dirname(dirname(location)), 'versions.json');
  /** @type {unknown} */
  let raw;
  try {
    const bytes = overHttp ? await fetchBytes(index, timeoutMs) : readFileSync(index);
    raw = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (error) {
    throw new CliError(
      `cannot read the version index ${index} (${error instanceof Error ? error.message : String(error)}): a pin needs the digest it records`,
    );
  }
  const versions = /** @type {{ versions?: unknown }} */ (raw)?.versions;
  const entry = Array.isArray(versions)
    ? /** @type {Array<{ version?: unknown, integrity?: unknown }>} */ (versions).find(
        (item) => item?.version === version,
      )
    : undefined;
  if (!entry) throw new CliError(`${index} does not list ${version}`);
  if (typeof entry.integrity !== 'string' || !INTEGRITY_PATTERN.test(entry.integrity)) {
    throw new CliError(
      `${index} records no digest for ${version}: publish it again with "npm run deploy" (refused, fail closed)`,
    );
  }
  return entry.integrity;
}
