// A pin vetted at pin time: `npm run remotes -- use` writes into the registry a digest of the
// shell build's record and the remote build's record it checked together. A browser seeing the
// same two records needs no second check (nor the semver code it takes); any other pair, an
// override or a registry edited by hand, is checked in full.

/**
 * JSON with object keys in order, so the same value always gives the same text.
 *
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The digest a vetted pin carries: SHA-256 of both records, in hex.
 *
 * @param {unknown} shellRecord
 * @param {unknown} remoteRecord
 * @returns {Promise<string>}
 */
export async function vettingDigest(shellRecord, remoteRecord) {
  const text = `${canonicalJson(shellRecord)}\n${canonicalJson(remoteRecord)}`;
  const hash = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
