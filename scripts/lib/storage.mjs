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
// Each place is a leaf module behind that interface (storage-objects.mjs): storage-folder.mjs and
// storage-blob.mjs. This module only opens the one an address names.
import { dirname, resolve } from 'node:path';
import { CliError } from './cli.mjs';
import { blobStorage } from './storage-blob.mjs';
import { folderStorage } from './storage-folder.mjs';
import { isBlobAddress, parseBlobAddress } from './storage-objects.mjs';

/** @typedef {import('./storage-objects.mjs').Storage} Storage */
/** @typedef {import('./blob-service.mjs').BlobOptions} BlobOptions */

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
