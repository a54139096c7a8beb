// @ts-check
// The layout of an environment's prerendered pages, shared by the prerender that writes them
// (prerender.mjs) and the static server that serves them (static-server.mjs).
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** The summary of a prerender: what it was rendered from, and each route's outcome. */
export const SUMMARY_FILE = 'prerender.json';

/**
 * The shell build a prerender was made from: its pages load that build's files, and no other's.
 *
 * @param {string} template  the shell build's index.html
 */
export function templateHash(template) {
  return createHash('sha256').update(template).digest('hex').slice(0, 16);
}

/**
 * The page file of a route: `/` → index.html, `/blog` → blog/index.html.
 *
 * @param {string} route
 */
export function pageFileOf(route) {
  return join(...route.split('/').filter(Boolean), 'index.html');
}

/**
 * Finds the prerendered page of a path, if the prerender was made from the shell build being
 * served: after a shell rebuild, a page left from before would load files that no longer exist,
 * so it is not served (the shell renders the route in the browser) until the next prerender.
 *
 * @template {{ stat: import('node:fs').Stats }} Found
 * @param {{ dir: string, template: string }} pages  the prerender's folder; the served index.html
 * @param {(file: string) => Promise<Found>} [lookUp]  what is found of a page's file (the static
 *   server asks for its compressed copies in the same round)
 */
export function prerenderedPages(
  { dir: folder, template },
  lookUp = /** @type {(file: string) => Promise<Found>} */ (async (file) => ({ stat: await fs.stat(file) })),
) {
  const dir = resolve(folder);
  /** @type {{ key: string, fresh: boolean } | undefined} */
  let checked;

  async function fresh() {
    const [summaryStat, templateStat] = await Promise.all([
      fs.stat(join(dir, SUMMARY_FILE)).catch(() => null),
      fs.stat(template).catch(() => null),
    ]);
    if (!summaryStat || !templateStat) return false;
    const key = `${summaryStat.mtimeMs}:${summaryStat.ino}:${templateStat.mtimeMs}:${templateStat.size}`;
    if (checked?.key === key) return checked.fresh;
    let isFresh = false;
    try {
      const summary = JSON.parse(await fs.readFile(join(dir, SUMMARY_FILE), 'utf8'));
      isFresh = summary?.template === templateHash(await fs.readFile(template, 'utf8'));
    } catch {
      isFresh = false;
    }
    checked = { key, fresh: isFresh };
    return isFresh;
  }

  /**
   * @param {string} pathname
   * @returns {Promise<(Found & { path: string }) | undefined>}  the page's file
   */
  return async function pageOf(pathname) {
    const file = join(dir, pageFileOf(decodeURIComponent(pathname)));
    if (!file.startsWith(`${dir}${sep}`)) return undefined;
    // Whether the pages fit the served build, and the page itself, asked for at once.
    const [isFresh, found] = await Promise.all([fresh(), lookUp(file).catch(() => null)]);
    return isFresh && found?.stat.isFile() ? { path: file, ...found } : undefined;
  };
}
