// @ts-check
// A store in an Azure Blob Storage container (`azblob://<container>/<prefix>`, storage.mjs): the
// conditions of its writes are the service's own (If-None-Match: *, If-Match: <etag>).
import { CALL_TIMEOUT_MS, describeBlobError, endpointOf, isRestError, serviceClient, within } from './blob-service.mjs';
import { nextCorsRules } from './storage-cors.mjs';
import { assertKey, cacheControlOf, contentEncodingFor, contentTypeFor, parseBlobAddress } from './storage-objects.mjs';

/** @typedef {import('./storage-objects.mjs').Storage} Storage */
/** @typedef {import('./storage-objects.mjs').WriteOptions} WriteOptions */
/** @typedef {import('./blob-service.mjs').BlobOptions} BlobOptions */

/**
 * @param {string} address  azblob://<container>/<prefix>
 * @param {BlobOptions} [options]
 * @returns {Storage}
 */
export function blobStorage(address, { callTimeoutMs = CALL_TIMEOUT_MS } = {}) {
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
