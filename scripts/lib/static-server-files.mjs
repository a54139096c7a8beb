// Which file of a served folder answers a path, and how it is sent: its cache policy, its
// compressed copies, and the rules that keep a request inside the folder (no dotfile, no source
// map, no symbolic link leading out).
import { promises as fs } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { PRECOMPRESSED_EXTENSIONS } from '../../rspack/precompress.mjs';

/** Files whose name changes with their content may be cached forever; anything else is revalidated. */
export function cacheControlFor(urlPath) {
  const base = urlPath.split('/').pop() ?? '';
  if (/\.[0-9a-f]{8}\.(js|css)$/.test(base) || /^assets\/.*\.[0-9a-f]{8}\./.test(urlPath.replace(/^\/+/, ''))) {
    return 'public, max-age=31536000, immutable';
  }
  // A published remote version (`<remote>/<semver>/…`) never changes; its manifest stays
  // revalidated so a host can always see what a version really contains.
  if (/\/\d+\.\d+\.\d+[^/]*\//.test(urlPath) && !/(mf-manifest\.json|index\.html)$/.test(base)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}

/** A path of a URL, decoded, or null for a malformed escape (`/%E0%A4%A`). */
export function decodedPath(rawUrl) {
  const url = new URL(rawUrl ?? '/', 'http://localhost');
  try {
    return { pathname: decodeURIComponent(url.pathname), encoded: url.pathname, search: url.search };
  } catch {
    return null;
  }
}

/** A dotfile or dot-folder anywhere in the path (.env, .git/…), or a source map: never served. */
export const isHidden = (pathname) =>
  pathname.split('/').some((part) => part.startsWith('.')) || pathname.endsWith('.map');

/** realpath of each served folder, so a symbolic link that leads out of it is refused. */
const realRoots = new Map();
async function realRoot(dir) {
  let real = realRoots.get(dir);
  if (!real) {
    real = await fs.realpath(dir).catch(() => dir);
    realRoots.set(dir, real);
  }
  return real;
}

/** The compressed copies the build writes beside a text file, by the encoding a client names. */
const COPIES = /** @type {const} */ ([
  ['br', '.br'],
  ['gzip', '.gz'],
]);

/**
 * A file's stat and the encodings of its usable compressed copies, in one round of concurrent
 * calls: each round of file-system calls is a trip through libuv's thread pool, and sequential
 * rounds were most of a request's time on this server (bench/ab.md). A copy older than its file
 * (edited in place, a manifest rewritten) means the copies are stale, and none is sent: a copy
 * written in the same clock tick as the edit looks as new as the file, and only its older sibling
 * tells.
 *
 * @param {string} path
 */
export async function statWithCopies(path) {
  const compressible = PRECOMPRESSED_EXTENSIONS.test(path);
  const [stat, ...copies] = await Promise.all([
    fs.stat(path),
    ...(compressible ? COPIES.map(([, suffix]) => fs.stat(`${path}${suffix}`).catch(() => null)) : []),
  ]);
  const stale = copies.some((copy) => copy?.isFile() && copy.mtimeMs < stat.mtimeMs);
  const encodings = stale ? [] : COPIES.filter((_, index) => copies[index]?.isFile()).map(([encoding]) => encoding);
  return { stat, compressible, encodings };
}

/**
 * @typedef {object} Located  a file that answers a request
 * @property {string} dir   the folder it is served from
 * @property {string} file  its path inside `dir`, with forward slashes
 * @property {string} path  its absolute path
 * @property {import('node:fs').Stats} stat
 * @property {boolean} compressible  text, for which the build writes compressed copies
 * @property {string[]} encodings    the encodings of its copies that may be sent
 */

/**
 * A regular file inside `dir` (a folder's index.html for a folder), symbolic links included only
 * while they stay inside it.
 *
 * @returns {Promise<Located | null>}
 */
export async function fileInside(dir, pathname) {
  const root = resolve(dir);
  let target = resolve(join(root, pathname));
  if (target !== root && !target.startsWith(root + sep)) return null;
  const lookUp = (path) => Promise.all([statWithCopies(path), fs.realpath(path), realRoot(root)]);
  try {
    let [found, real, realDir] = await lookUp(target);
    if (found.stat.isDirectory()) {
      target = join(target, 'index.html');
      [found, real, realDir] = await lookUp(target);
    }
    if (!found.stat.isFile() || !real.startsWith(realDir + sep)) return null;
    return { dir: root, file: relative(root, target).split(sep).join('/'), path: target, ...found };
  } catch {
    return null;
  }
}

/**
 * The client's Accept-Encoding narrowed to the copies that exist, so that @fastify/static asks
 * the disk for no copy that is not there (each miss is one more round before the file is sent).
 *
 * @param {Record<string, unknown>} headers  the request's headers, changed in place
 * @param {readonly string[]} encodings
 */
export function narrowAcceptEncoding(headers, encodings) {
  const accepted = headers['accept-encoding'];
  const tokens = typeof accepted === 'string' ? accepted.split(',') : [];
  const kept = tokens.flatMap((token) => {
    const [name, ...parameters] = token.split(';');
    const encoding = name.trim().toLowerCase();
    if (encoding === '*') return encodings.map((each) => [each, ...parameters].join(';'));
    return encodings.includes(encoding) ? [token.trim()] : [];
  });
  if (kept.length > 0) headers['accept-encoding'] = kept.join(', ');
  else delete headers['accept-encoding'];
}
