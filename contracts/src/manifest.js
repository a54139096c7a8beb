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

/**
 * @param {unknown} value
 * @param {string} field
 * @returns {string | undefined}
 */
function entryFileProblem(value, field) {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return `${field} must be an object`;
  if (typeof value.name !== 'string' || value.name === '') return `${field}.name is missing`;
  if (value.path !== undefined && typeof value.path !== 'string') return `${field}.path must be a string`;
  if (value.type !== undefined && typeof value.type !== 'string') return `${field}.type must be a string`;
  return undefined;
}

/**
 * @param {unknown} value
 * @param {string} field
 * @returns {string | undefined}
 */
function assetsProblem(value, field) {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return `${field} must be an object`;
  for (const kind of ['js', 'css']) {
    const list = value[kind];
    if (list === undefined) continue;
    if (!isRecord(list)) return `${field}.${kind} must be an object`;
    for (const when of ['sync', 'async']) {
      if (list[when] !== undefined && !isStringList(list[when])) {
        return `${field}.${kind}.${when} must be a list of file names`;
      }
    }
  }
  return undefined;
}

/**
 * @param {unknown} value
 * @returns {string | undefined}
 */
function metaDataProblem(value) {
  if (value === undefined) return 'metaData is missing';
  if (!isRecord(value)) return 'metaData must be an object';
  for (const field of ['globalName', 'publicPath']) {
    if (value[field] !== undefined && typeof value[field] !== 'string') return `metaData.${field} must be a string`;
  }
  const entry =
    entryFileProblem(value.remoteEntry, 'metaData.remoteEntry') ??
    entryFileProblem(value.ssrRemoteEntry, 'metaData.ssrRemoteEntry');
  if (entry) return entry;
  const { buildInfo, integrity } = value;
  if (buildInfo !== undefined) {
    if (!isRecord(buildInfo)) return 'metaData.buildInfo must be an object';
    for (const field of ['buildVersion', 'buildHash']) {
      if (buildInfo[field] !== undefined && typeof buildInfo[field] !== 'string') {
        return `metaData.buildInfo.${field} must be a string`;
      }
    }
  }
  if (integrity !== undefined) {
    if (!isRecord(integrity)) return 'metaData.integrity must be an object of digests';
    const file = Object.keys(integrity).find((name) => typeof integrity[name] !== 'string');
    if (file !== undefined) return `metaData.integrity["${file}"] must be a digest (a string)`;
  }
  return undefined;
}

/**
 * @param {unknown} value
 * @param {'exposes' | 'shared'} field
 * @returns {string | undefined}
 */
function listProblem(value, field) {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return `${field} must be a list`;
  const key = field === 'exposes' ? 'path' : 'name';
  for (let index = 0; index < value.length; index += 1) {
    const item = value[index];
    const at = `${field}[${index}]`;
    if (!isRecord(item)) return `${at} must be an object`;
    if (typeof item[key] !== 'string' || item[key] === '') return `${at}.${key} is missing`;
    if (field === 'exposes' && item.requires !== undefined && !isStringList(item.requires)) {
      return `${at}.requires must be a list of shared module names`;
    }
    const assets = assetsProblem(item.assets, `${at}.assets`);
    if (assets) return assets;
  }
  return undefined;
}

/**
 * Checks a parsed mf-manifest.json: the manifest, or why it is not one (one English line naming
 * the field, for the caller to put after where it read it).
 *
 * @param {unknown} raw
 * @returns {Manifest | string}
 */
export function readManifest(raw) {
  if (!isRecord(raw)) return 'not a federation manifest (not a JSON object)';
  const problem =
    metaDataProblem(raw.metaData) ?? listProblem(raw.exposes, 'exposes') ?? listProblem(raw.shared, 'shared');
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
