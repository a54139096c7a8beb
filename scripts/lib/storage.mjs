// @ts-check
// Where published versions, version indexes and registries are kept: one interface, two places.
// A plain folder (the default, on this machine) or an Azure Blob Storage container
// (`azblob://<container>/<prefix>`), the object store a CDN serves from. Both give the same four
// operations, and the two conditional writes are what keep a version immutable and a pin from
// being lost when several machines publish and pin at once:
//   read(key)                              → { bytes, etag } | undefined
//   createIfAbsent(key, bytes)             → true, or false when the key exists (nothing written)
//   replaceIfUnchanged(key, bytes, etag)   → true, or false when the key changed since it was read
//   list(prefix)                           → every key under prefix, sorted
// On Azure the conditions are the service's own (If-None-Match: *, If-Match: <etag>); in a folder
// a hard link creates a file only if absent, and a replace runs under the registry lock
// (registry-lock.mjs) against the content hash the file was read with.
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CliError } from './cli.mjs';
import { filesUnder } from './integrity.mjs';
import { withRegistryLock } from './registry-lock.mjs';
import { cacheControlFor } from './static-server-files.mjs';
import { nextCorsRules } from './storage-cors.mjs';

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

export const CONNECTION_STRING_VARIABLE = 'AZURE_STORAGE_CONNECTION_STRING';

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

/** The compressed copies a build writes beside a file (static-server-precompress.mjs), by suffix. */
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

/**
 * The storage at `address`: an `azblob://<container>/<prefix>` URL, or a folder.
 *
 * @param {string} address
 * @param {BlobOptions} [options]  for a blob store
 * @returns {Storage}
 */
export function openStorage(address, options) {
  return isBlobAddress(address) ? blobStorage(address, options) : folderStorage(address);
}

/**
 * The storage holding `address` (a registry file or an azblob:// URL of one) and its key there.
 *
 * @param {string} address
 */
export function openStorageOf(address) {
  if (isBlobAddress(address)) {
    const { container, prefix } = parseBlobAddress(address);
    const slash = prefix.lastIndexOf('/');
    if (prefix === '') throw new CliError(`${address} names a container, not a file in it`);
    return {
      storage: blobStorage(`azblob://${container}${slash > 0 ? `/${prefix.slice(0, slash)}` : ''}`),
      key: prefix.slice(slash + 1),
    };
  }
  const file = resolve(address);
  return { storage: folderStorage(dirname(file)), key: file.slice(dirname(file).length + 1) };
}

/**
 * @param {string} dir
 * @returns {Storage}
 */
function folderStorage(dir) {
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

/**
 * How the service is reached: a few quick tries, so a store that is down or unreachable is told in
 * seconds (the SDK's default waits minutes between its retries).
 */
const RETRY_OPTIONS = { maxTries: 3, retryDelayInMs: 200, maxRetryDelayInMs: 1000, tryTimeoutInMs: 30_000 };

/**
 * How long one call to the service may take on this machine's side, its retries and the body of
 * its answer included. The SDK has no such limit (its try timeout is only asked of the service,
 * and its own timer stops once the headers are in), so a connection that stops answering would
 * keep a command waiting for ever.
 */
const CALL_TIMEOUT_MS = 60_000;

/**
 * Runs one call to the service with an abort signal that fires after `timeoutMs`, and turns that
 * abort into one line: where, and that the service did not answer.
 *
 * @template T
 * @param {string} where  an azblob:// URL, for the message
 * @param {number} timeoutMs
 * @param {(abortSignal: AbortSignal) => Promise<T>} call
 * @returns {Promise<T>}
 */
async function within(where, timeoutMs, call) {
  const abortSignal = AbortSignal.timeout(timeoutMs);
  try {
    return await call(abortSignal);
  } catch (error) {
    if (!abortSignal.aborted) throw error;
    throw new CliError(
      `${where}: the blob storage at ${knownEndpoint()} did not answer within ${timeoutMs / 1000} s; run the command again once it does`,
    );
  }
}

/**
 * The account's client, made on first use (so a bad variable fails only the command that needs
 * it) and again whenever the variable changes.
 *
 * @type {{ connectionString: string, client: import('@azure/storage-blob').BlobServiceClient } | undefined}
 */
let service;

/**
 * The SDK is loaded on first use: a command that works on folders never pays for it.
 *
 * @returns {Promise<import('@azure/storage-blob').BlobServiceClient>}
 */
async function serviceClient() {
  const connectionString = process.env[CONNECTION_STRING_VARIABLE];
  if (service && service.connectionString === connectionString) return service.client;
  if (!connectionString) {
    throw new CliError(
      `${CONNECTION_STRING_VARIABLE} is not set: an azblob:// address needs the storage account's connection string in it`,
    );
  }
  const { BlobServiceClient } = await import('@azure/storage-blob');
  try {
    const client = BlobServiceClient.fromConnectionString(connectionString, { retryOptions: RETRY_OPTIONS });
    service = { connectionString, client };
    return client;
  } catch {
    // The SDK's message may quote the variable: a credential is never printed.
    throw new CliError(`${CONNECTION_STRING_VARIABLE} is not a valid connection string (its value is not shown)`);
  }
}

/**
 * The account's blob endpoint as it may be printed or handed to a browser: the client's URL
 * carries a connection string's SharedAccessSignature in its query, a credential.
 *
 * @param {{ url: string }} client
 */
const endpointOf = (client) => {
  const url = new URL(client.url);
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/$/, '');
};

/** The endpoint of the account in use, for a message; before any client is made, the account. */
const knownEndpoint = () => (service ? endpointOf(service.client) : 'the storage account');

/**
 * An answer of the service (the SDK's RestError, told by its shape: the SDK is loaded lazily).
 *
 * @param {unknown} error
 * @returns {error is { statusCode: number, code?: string }}
 */
const isRestError = (error) =>
  error instanceof Error && error.name === 'RestError' && typeof (/** @type {any} */ (error).statusCode) === 'number';

/**
 * One line for a failed call to the service: what went wrong, where, and what to do; never the
 * credential, never a stack.
 *
 * @param {unknown} error
 * @param {string} where  an azblob:// URL
 * @returns {CliError}
 */
export function describeBlobError(error, where) {
  if (error instanceof CliError) return error;
  const rest = /** @type {{ statusCode?: number, code?: string, name?: string, message?: string }} */ (error ?? {});
  const endpoint = knownEndpoint();
  const code = rest.code ?? '';
  if (rest.statusCode === undefined || rest.statusCode === 0) {
    const reason = /^E[A-Z]+$/.test(code) ? code : (rest.name ?? 'no answer');
    return new CliError(
      `the blob storage at ${endpoint} is unreachable (${reason}): is it running, and is ${CONNECTION_STRING_VARIABLE} right?`,
    );
  }
  if (code === 'ContainerNotFound') {
    const container = /^azblob:\/\/([^/]+)/.exec(where)?.[1] ?? '';
    return new CliError(
      `the container "${container}" does not exist at ${endpoint}: create it with "npm run remotes -- init-storage azblob://${container}"`,
    );
  }
  if (rest.statusCode === 403 || /^Authentication|^Authorization|^InvalidAuthenticationInfo/.test(code)) {
    return new CliError(
      `the blob storage at ${endpoint} refused the credentials (HTTP ${rest.statusCode} ${code}): check ${CONNECTION_STRING_VARIABLE}`,
    );
  }
  return new CliError(`${where}: the blob storage answered HTTP ${rest.statusCode}${code ? ` ${code}` : ''}`);
}

/** @typedef {{ callTimeoutMs?: number }} BlobOptions  `callTimeoutMs`: see CALL_TIMEOUT_MS */

/**
 * @param {string} address  azblob://<container>/<prefix>
 * @param {BlobOptions} [options]
 * @returns {Storage}
 */
function blobStorage(address, { callTimeoutMs = CALL_TIMEOUT_MS } = {}) {
  const { container, prefix } = parseBlobAddress(address);
  /** @param {string} key */
  const nameOf = (key) => (prefix ? `${prefix}/${assertKey(key)}` : assertKey(key));
  /** @param {string} key */
  const describe = (key) => `azblob://${container}/${nameOf(key)}`;
  const containerClient = async () => (await serviceClient()).getContainerClient(container);
  /** @param {string} key */
  const blob = async (key) => (await containerClient()).getBlockBlobClient(nameOf(key));
  /**
   * @param {string} key
   * @param {WriteOptions} options
   */
  const headers = (key, { contentType, cacheControl } = {}) => ({
    blobContentType: contentType ?? contentTypeFor(key),
    blobCacheControl: cacheControl ?? cacheControlOf(key),
    blobContentEncoding: contentEncodingFor(key),
  });
  /**
   * A conditional upload: true when written, false when the condition failed.
   *
   * @param {string} key
   * @param {Uint8Array | string} bytes
   * @param {{ ifNoneMatch?: string, ifMatch?: string }} conditions
   * @param {WriteOptions | undefined} options
   */
  const upload = async (key, bytes, conditions, options) => {
    const body = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    try {
      const client = await blob(key);
      const blobHTTPHeaders = headers(key, options);
      await within(describe(key), callTimeoutMs, (abortSignal) =>
        client.upload(body, body.byteLength, { conditions, blobHTTPHeaders, abortSignal }),
      );
      return true;
    } catch (error) {
      const failed = /** @type {{ statusCode?: number, code?: string }} */ (error);
      // 409 BlobAlreadyExists answers If-None-Match: * on an existing blob; 412 a stale If-Match;
      // 404 BlobNotFound an If-Match on a blob that is gone. Any other 409 (a store out of space,
      // a lease) is a failure, not a write someone else won.
      if (isRestError(failed)) {
        const { statusCode, code } = failed;
        if (statusCode === 412 || (statusCode === 409 && code === 'BlobAlreadyExists')) return false;
        if (statusCode === 404 && code === 'BlobNotFound') return false;
      }
      throw describeBlobError(error, describe(key));
    }
  };
  return {
    address,
    describe,
    async read(key) {
      try {
        const client = await blob(key);
        return await within(describe(key), callTimeoutMs, async (abortSignal) => {
          const response = await client.download(0, undefined, { abortSignal });
          const chunks = [];
          for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (response.readableStreamBody ?? [])) {
            chunks.push(chunk);
          }
          return { bytes: Buffer.concat(chunks), etag: response.etag ?? '' };
        });
      } catch (error) {
        const failed = /** @type {{ statusCode?: number, code?: string }} */ (error);
        if (isRestError(failed) && failed.statusCode === 404 && failed.code !== 'ContainerNotFound') {
          return undefined;
        }
        throw describeBlobError(error, describe(key));
      }
    },
    createIfAbsent: (key, bytes, options) => upload(key, bytes, { ifNoneMatch: '*' }, options),
    replaceIfUnchanged: (key, bytes, etag, options) => upload(key, bytes, { ifMatch: etag }, options),
    async list(under = '') {
      const start = [prefix, under.replace(/^\/+/, '')].filter(Boolean).join('/');
      /** @type {string[]} */
      const keys = [];
      try {
        const client = await containerClient();
        await within(`azblob://${container}/${start}`, callTimeoutMs, async (abortSignal) => {
          for await (const item of client.listBlobsFlat({ prefix: start, abortSignal })) {
            keys.push(prefix ? item.name.slice(prefix.length + 1) : item.name);
          }
        });
      } catch (error) {
        throw describeBlobError(error, `azblob://${container}/${start}`);
      }
      return keys.sort();
    },
  };
}

/**
 * The URL a browser reads an azblob:// address at (a blob, or with a trailing slash the folder a
 * deploy to that prefix writes): the account's blob endpoint, the container, the name.
 *
 * @param {string} address
 */
export async function blobUrlOf(address) {
  const { container, prefix } = parseBlobAddress(address);
  const endpoint = `${endpointOf(await serviceClient())}/`;
  return new URL(prefix ? `${container}/${prefix}` : container, endpoint).href;
}

/**
 * @typedef {object} InitOptions
 * @property {boolean} [replace]  the rule allows exactly `origins`, else those it had (that `keeps`) and `origins`
 * @property {(origin: string) => boolean} [keeps]  which origins the rule allowed before stay allowed (storage-cors.mjs)
 * @property {boolean} [makePublic]  a container that was there already is made blob-public too
 */

/**
 * Creates the container if it is missing, with public read access to its blobs and never to its
 * list of blobs (a browser reads what it is pointed at, nobody enumerates the versions), and
 * sets the CORS rule that lets pages on `origins` read what it holds (the registry, manifests,
 * remote files): one rule, marked as this command's, every other rule kept. CORS rules belong to
 * the account, not to a run: the rule keeps the origins it already had and adds `origins`, unless
 * `replace` asks for exactly `origins`. A container that was there keeps its access (a private one
 * made public would publish whatever it holds) unless `makePublic`. Running it again with the same
 * origins changes nothing. Returns whether the container was created, its access now, the origins
 * the rule now allows, and those this run added and removed.
 *
 * @param {string} address  azblob://<container>
 * @param {string[]} origins
 * @param {InitOptions & BlobOptions} [options]  `callTimeoutMs` bounds the whole run
 * @returns {Promise<{ created: boolean, access: 'blob' | 'container' | 'private', allowed: string[], added: string[], removed: string[] }>}
 */
export async function initBlobStorage(address, origins, { callTimeoutMs = CALL_TIMEOUT_MS, ...options } = {}) {
  const { container } = parseBlobAddress(address);
  const client = await serviceClient();
  try {
    return await within(`azblob://${container}`, callTimeoutMs, (abortSignal) =>
      setUpContainer(client, container, origins, options, abortSignal),
    );
  } catch (error) {
    throw describeBlobError(error, `azblob://${container}`);
  }
}

/**
 * initBlobStorage's calls to the service, each with `abortSignal`.
 *
 * @param {import('@azure/storage-blob').BlobServiceClient} client
 * @param {string} container
 * @param {string[]} origins
 * @param {InitOptions} options
 * @param {AbortSignal} abortSignal
 */
async function setUpContainer(client, container, origins, options, abortSignal) {
  const containerClient = client.getContainerClient(container);
  const { succeeded: created } = await containerClient.createIfNotExists({ access: 'blob', abortSignal });
  /** @type {'blob' | 'container' | 'private'} */
  let access = 'blob';
  if (!created) {
    const policy = await containerClient.getAccessPolicy({ abortSignal });
    access = policy.blobPublicAccess ?? 'private';
    if (options.makePublic && access !== 'blob') {
      await containerClient.setAccessPolicy('blob', policy.signedIdentifiers, { abortSignal });
      access = 'blob';
    }
  }
  if (origins.length === 0) return { created, access, allowed: [], added: [], removed: [] };
  const properties = await client.getProperties({ abortSignal });
  const { cors, ...change } = nextCorsRules(properties.cors ?? [], origins, options, `azblob://${container}`);
  if (cors) await client.setProperties({ ...properties, cors }, { abortSignal });
  return { created, access, ...change };
}
