// @ts-check
// What an object in a store is, whatever the store (storage.mjs opens one): the interface every
// store gives, the keys it accepts, and the type, encoding and caching each key is written with.
import { createHash } from 'node:crypto';
import { CliError } from './cli.mjs';
import { cacheControlFor } from './static-server-files.mjs';

/** @typedef {{ contentType?: string, cacheControl?: string }} WriteOptions */

/**
 * @typedef {object} Storage
 * @property {string} address  as given (a folder or an azblob:// URL), for messages
 * @property {(key: string) => string} describe  where a key is, for messages (never a credential)
 * @property {(key: string) => Promise<{ bytes: Buffer, etag: string } | undefined>} read
 * @property {(key: string, bytes: Uint8Array | string, options?: WriteOptions) => Promise<boolean>} createIfAbsent
 * @property {(key: string, bytes: Uint8Array | string, etag: string, options?: WriteOptions) => Promise<boolean>} replaceIfUnchanged
 * @property {(prefix?: string) => Promise<string[]>} list
 */

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};

/** The compressed copies a build writes beside a file (rspack/precompress.mjs), by suffix. */
const ENCODINGS = { br: 'br', gz: 'gzip' };

/**
 * The Content-Encoding a key is stored with: a build's brotli or gzip copy (`x.js.br`) is the
 * file itself, encoded. Stored so, a CDN rule that answers `x.js` with `x.js.br` for a browser
 * that accepts brotli (the only way such a copy reaches a browser: blob storage never negotiates)
 * sends what the browser decodes to the file, and even a direct request of the copy decodes to it.
 *
 * @param {string} key
 * @returns {string | undefined}
 */
export function contentEncodingFor(key) {
  const suffix = /\.(br|gz)$/i.exec(key)?.[1]?.toLowerCase();
  return suffix === 'br' || suffix === 'gz' ? ENCODINGS[suffix] : undefined;
}

/**
 * The Content-Type a key is stored with; a compressed copy has its original's.
 *
 * @param {string} key
 */
export function contentTypeFor(key) {
  const original = contentEncodingFor(key) ? key.replace(/\.[a-z]+$/i, '') : key;
  const extension = /\.([a-z0-9]+)$/i.exec(original)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * The Cache-Control a key is stored with: the static server's policy (scripts/lib/static-server-files.mjs),
 * so a CDN in front of the store caches exactly what the preview lets a browser cache. Hashed files
 * and the files of a published version are immutable; manifests, indexes and registries revalidated.
 *
 * @param {string} key
 */
export const cacheControlOf = (key) => cacheControlFor(`/${key}`);

/** @param {Uint8Array | string} bytes */
export const etagOf = (bytes) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

/**
 * A key is a relative path of plain segments: no "..", no empty segment, no backslash. Anything
 * else would lead a write out of the place it is meant for.
 *
 * @param {string} key
 */
export function assertKey(key) {
  if (
    typeof key !== 'string' ||
    key === '' ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new CliError(`"${key}" is not a storage key (a relative path without "." or ".." segments)`);
  }
  return key;
}

/** @param {string} address */
export const isBlobAddress = (address) => /^azblob:\/\//i.test(address);

/**
 * The container and the prefix (no leading or trailing slash) of an azblob:// address.
 *
 * @param {string} address
 */
export function parseBlobAddress(address) {
  const match = /^azblob:\/\/([^/?#]+)(?:\/([^?#]*))?$/i.exec(address);
  const container = match?.[1] ?? '';
  if (!/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/.test(container)) {
    throw new CliError(
      `${address}: give azblob://<container>/<prefix>, the container 3-63 lowercase letters, digits and dashes`,
    );
  }
  const prefix = (match?.[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '') assertKey(prefix);
  return { container, prefix };
}
