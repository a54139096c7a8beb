// @ts-check
// What a prerender's summary says of a route left to the browser (prerender.mjs). The summary is
// public (a blob next to the registry in store mode) and its reasons are printed on a terminal:
// each is one line of text, with no control characters, no stack, and no path of this machine
// (a folder the prerender read or mirrored is named as the registry or the remote names it).
import { homedir, tmpdir } from 'node:os';
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const MAX_LENGTH = 1000;
// C0/C1 controls, and the bidirectional overrides that make a terminal show other text than sent.
const UNPRINTABLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * @param {Array<[string, string]>} places  a local folder, and how a reason names what is in it
 *   (its URL prefix, `<remote>/`, `''` for a path relative to the workspace)
 * @returns {(reason: unknown) => string}
 */
export function reasonWriter(places) {
  /** @type {Map<string, string>} */
  const labels = new Map();
  /** @type {Array<[string, string]>} */
  const all = [...places, [homedir(), '~/'], [tmpdir(), '<tmp>/']];
  for (const [folder, label] of all) {
    const bare = folder.endsWith(sep) ? folder.slice(0, -1) : folder;
    if (bare.length <= 1 || labels.has(bare)) continue;
    // A path in the folder, as a path or a file: URL, and the folder itself.
    labels.set(`${pathToFileURL(bare).href}/`, label);
    labels.set(`${bare}${sep}`, label);
    labels.set(bare, label.replace(/\/$/, '') || '.');
  }
  const escaped = [...labels.keys()]
    .sort((a, b) => b.length - a.length)
    // A whole path: not the end of a longer one, nor (for the folder itself) the start of one.
    .map(
      (path) =>
        `(?<![\\w.~-])${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path.endsWith(sep) ? '' : '(?![\\w.~-])'}`,
    );
  const pattern = new RegExp(escaped.join('|'), 'g');
  /** @param {string} found */
  const labelOf = (found) => labels.get(found) ?? labels.get(found.replace(/\/$/, '')) ?? found;
  return (reason) => {
    const text = reason instanceof Error ? reason.message : String(reason);
    const first = text.split('\n').find((part) => part.trim() !== '') ?? '';
    return printable(escaped.length > 0 ? first.replace(pattern, labelOf) : first);
  };
}

/**
 * `text` as a terminal shows it and no more: its unprintable characters as spaces, at most
 * MAX_LENGTH characters.
 *
 * @param {string} text
 */
export function printable(text) {
  const line = text.replace(UNPRINTABLE, ' ').trim();
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}
