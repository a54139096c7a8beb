// A remote's mf-manifest.json, as the federation plugin writes it and this repository's build
// completes it (its compatibility record, its route table, its files' digests). One reader for
// every part that opens one: the shell's loader, the CLI, the prerender and the build's plugins.
// Reading = parsing and checking the fields they rely on; a manifest that lacks one is refused
// with a line naming it, instead of failing later on an undefined.

/** The file the federation plugin emits next to a remote's entry. */
export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * A file the manifest names, relative to its files' folder.
 *
 * @typedef {object} ManifestEntryFile
 * @property {string} name  "remoteEntry.js"
 * @property {string} [path]  the folder under the files' folder, "" for none.
 * @property {string} [type]  the entry's module type ("global", "commonjs-module", …).
 */

/**
 * @typedef {object} ManifestAssetList
 * @property {string[]} [sync]
 * @property {string[]} [async]
 */

/**
 * @typedef {object} ManifestAssets
 * @property {ManifestAssetList} [js]
 * @property {ManifestAssetList} [css]
 */

/**
 * One exposed module.
 *
 * @typedef {object} ManifestExpose
 * @property {string} path  "./HomePage"
 * @property {string} [name]
 * @property {string[]} [requires]  the shared modules it imports.
 * @property {ManifestAssets} [assets]
 */

/**
 * One shared module the remote can provide.
 *
 * @typedef {object} ManifestShared
 * @property {string} name
 * @property {ManifestAssets} [assets]
 */

/**
 * @typedef {object} ManifestMetaData
 * @property {string} [globalName]  the global its entry script defines.
 * @property {string} [publicPath]  its files' folder ("auto": the manifest's own).
 * @property {ManifestEntryFile} [remoteEntry]  the browser's entry script.
 * @property {ManifestEntryFile} [ssrRemoteEntry]  the server build's entry (rspack/server-build.ts).
 * @property {{ buildVersion?: string, buildHash?: string }} [buildInfo]
 * @property {Record<string, string>} [integrity]  each file's sha384, as deploy records it.
 */

/**
 * The fields of a manifest this repository reads; whatever else it holds is kept as it is.
 *
 * @typedef {object} Manifest
 * @property {ManifestMetaData} metaData
 * @property {ManifestExpose[]} [exposes]
 * @property {ManifestShared[]} [shared]
 * @property {unknown} [compatibility]  the remote's compatibility record (record.js reads it).
 * @property {unknown} [routes]  the remote's route table (routes.js reads it).
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** @param {unknown} value */
function isStringList(value) {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

// The fields are checked by one small schema, so the shell's bundle carries a table rather than a
// function per field; a check gives the first problem as "<field> <what is wrong>".

/** @typedef {(value: unknown, field: string) => string | undefined} Check */

/** @type {Check} */
const string = (value, field) =>
  value === undefined || typeof value === 'string' ? undefined : `${field} must be a string`;

/** @type {Check} */
const named = (value, field) => (typeof value === 'string' && value !== '' ? undefined : `${field} is missing`);

/** @param {string} what @returns {Check} */
const listOf = (what) => (value, field) =>
  value === undefined || isStringList(value) ? undefined : `${field} must be a list of ${what}`;

/**
 * An object whose fields are checked in order; `missing`: absent is a problem too.
 *
 * @param {Record<string, Check>} fields
 * @param {boolean} [missing]
 * @returns {Check}
 */
const object = (fields, missing) => (value, field) => {
  if (value === undefined) return missing ? `${field} is missing` : undefined;
  if (!isRecord(value)) return `${field} must be an object`;
  for (const [key, check] of Object.entries(fields)) {
    const problem = check(value[key], `${field}.${key}`);
    if (problem) return problem;
  }
  return undefined;
};

/** @param {Check} item @returns {Check} */
const list = (item) => (value, field) => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return `${field} must be a list`;
  for (let index = 0; index < value.length; index += 1) {
    const at = `${field}[${index}]`;
    const problem = isRecord(value[index]) ? item(value[index], at) : `${at} must be an object`;
    if (problem) return problem;
  }
  return undefined;
};

/** @type {Check} */
const digests = (value, field) => {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return `${field} must be an object of digests`;
  const file = Object.keys(value).find((name) => typeof value[name] !== 'string');
  return file === undefined ? undefined : `${field}["${file}"] must be a digest (a string)`;
};

const files = listOf('file names');
const assetList = object({ sync: files, async: files });
const assets = object({ js: assetList, css: assetList });
const entryFile = object({ name: named, path: string, type: string });

const metaData = object(
  {
    globalName: string,
    publicPath: string,
    remoteEntry: entryFile,
    ssrRemoteEntry: entryFile,
    buildInfo: object({ buildVersion: string, buildHash: string }),
    integrity: digests,
  },
  true,
);
const exposes = list(object({ path: named, requires: listOf('shared module names'), assets }));
const shared = list(object({ name: named, assets }));

/**
 * Checks a parsed mf-manifest.json: the manifest, or why it is not one (one English line naming
 * the field, for the caller to put after where it read it).
 *
 * @param {unknown} raw
 * @returns {Manifest | string}
 */
export function readManifest(raw) {
  if (!isRecord(raw)) return 'not a federation manifest (not a JSON object)';
  const problem = metaData(raw.metaData, 'metaData') ?? exposes(raw.exposes, 'exposes') ?? shared(raw.shared, 'shared');
  return problem ?? /** @type {Manifest} */ (raw);
}

/**
 * Parses and checks the text of an mf-manifest.json (see readManifest).
 *
 * @param {string} text
 * @returns {Manifest | string}
 */
export function parseManifest(text) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  return readManifest(raw);
}

/**
 * An entry file's path relative to the files' folder ("remoteEntry.js", "server/remoteEntry.cjs").
 *
 * @param {{ name?: string, path?: string }} entry
 */
export function entryFileOf({ name = '', path = '' }) {
  return `${path ? `${path.replace(/\/$/, '')}/` : ''}${name}`;
}
