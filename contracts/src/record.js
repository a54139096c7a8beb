// The compatibility record every build writes (a remote into its mf-manifest.json, the shell
// beside and inside its index.html), and how to read one from untrusted JSON. No rules here (they
// are in compatibility.js), so the shell reads its own record without loading them.

/** Bumped when the record's shape changes; a reader refuses a schema it does not know. */
export const RECORD_SCHEMA = 1;

/** The key of the record inside a remote's mf-manifest.json. */
export const MANIFEST_RECORD_KEY = 'compatibility';

/** The file a shell build writes next to its index.html. */
export const SHELL_RECORD_FILE = 'compatibility.json';

/**
 * What one build of an app needs (a remote) or provides (the shell).
 *
 * @typedef {object} CompatibilityRecord
 * @property {number} schema  RECORD_SCHEMA when written.
 * @property {'host' | 'remote'} kind
 * @property {string} name  the federation name ("shell", "catalog", …).
 * @property {string} version  the app's package version.
 * @property {string} federationRuntime  the version of the federation runtime core it was built with.
 * @property {Record<string, SingletonRecord>} singletons  every shared singleton, by share name.
 * @property {Record<string, string[]>} exports  a remote: the exports it imports from each shared
 *   module ("*" for the whole module); the shell: the exports it ships of each shared module whose
 *   exports are known (a module absent here ships whole).
 * @property {string[]} [exposes]  a remote: the modules it exposes ("./HomePage").
 * @property {Record<string, string[]>} [requires]  a shell built before route tables: what each remote must expose.
 * @property {string[]} [layouts]  the shell: the layouts it renders, which a remote's route table may name.
 * @property {string[]} [access]  the shell: the access rules it enforces, which a remote's route table may name.
 */

/**
 * @typedef {object} SingletonRecord
 * @property {string} version  the installed version the build was made with.
 * @property {string} requiredVersion  the range the build accepts at runtime.
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** @param {unknown} value @returns {value is string[]} */
function isStringList(value) {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Reads a record from untrusted JSON (a manifest fetched over the network, a file on disk).
 *
 * @param {unknown} raw
 * @returns {CompatibilityRecord | string}  the record, or why it is not one.
 */
export function readRecord(raw) {
  if (!isRecord(raw)) return 'no compatibility record';
  if (raw.schema !== RECORD_SCHEMA)
    return `compatibility record schema ${String(raw.schema)}, expected ${RECORD_SCHEMA}`;
  if (raw.kind !== 'host' && raw.kind !== 'remote') return 'compatibility record without a kind';
  for (const field of ['name', 'version', 'federationRuntime']) {
    if (typeof raw[field] !== 'string') return `compatibility record without "${field}"`;
  }
  if (!isRecord(raw.singletons)) return 'compatibility record without "singletons"';
  for (const [name, singleton] of Object.entries(raw.singletons)) {
    if (
      !isRecord(singleton) ||
      typeof singleton.version !== 'string' ||
      typeof singleton.requiredVersion !== 'string'
    ) {
      return `compatibility record: singleton "${name}" needs a version and a requiredVersion`;
    }
  }
  if (!isRecord(raw.exports) || !Object.values(raw.exports).every(isStringList)) {
    return 'compatibility record: "exports" must map modules to export names';
  }
  if (raw.exposes !== undefined && !isStringList(raw.exposes)) return 'compatibility record: "exposes" must be a list';
  if (raw.requires !== undefined && !(isRecord(raw.requires) && Object.values(raw.requires).every(isStringList))) {
    return 'compatibility record: "requires" must map remotes to exposes';
  }
  for (const field of ['layouts', 'access']) {
    if (raw[field] !== undefined && !isStringList(raw[field])) return `compatibility record: "${field}" must be a list`;
  }
  return /** @type {CompatibilityRecord} */ (raw);
}
