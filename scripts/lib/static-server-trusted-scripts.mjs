// @ts-check
// The scripts an HTML page of the static server may run: the served build's own, never what the
// page being served holds (a page blob anyone could write would vouch for itself). For a build,
// the hashes of its index.html's inline scripts and the integrity of the bundle it loads. A
// prerendered page runs the same (shell/src/features/prerender/document.ts adds no script: the
// head script starts the bundle its data island lists).
import { promises as fs } from 'node:fs';
import { scriptHashSources } from './static-server-csp.mjs';

/**
 * @typedef {object} TrustedScripts
 * @property {string} key          changes when the build does
 * @property {string[]} sources    the CSP sources of the scripts the build's pages run
 */

/** @param {string | undefined} file */
async function stampOf(file) {
  const stat = file ? await fs.stat(file).catch(() => null) : null;
  return stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : '-';
}

/**
 * The scripts of a build, read again whenever its index.html changes (a rebuild while the server runs).
 *
 * @param {{ template?: string }} options  the build's index.html (none: no page runs any script)
 * @returns {() => Promise<TrustedScripts>}
 */
export function trustedScripts({ template }) {
  /** @type {{ key: string, value: Promise<TrustedScripts> } | undefined} */
  let current;

  /** @param {string} key @returns {Promise<TrustedScripts>} */
  async function compute(key) {
    const html = template ? await fs.readFile(template, 'utf8').catch(() => '') : '';
    return { key, sources: scriptHashSources(html) };
  }

  return async function scripts() {
    const key = await stampOf(template);
    if (current?.key !== key) current = { key, value: compute(key) };
    return current.value;
  };
}
