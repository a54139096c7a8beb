// @ts-check
// The layout of an environment's prerendered pages, shared by the prerender that writes them
// (prerender.mjs) and the static server that serves them (static-server.mjs).
import { createHash } from 'node:crypto';
import { promises as fs, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isRoutePath } from '@devhub/contracts/routes';
import { sri } from './integrity.mjs';
import { printable } from './prerender-reasons.mjs';
import { precompressedCopiesSync } from '../../rspack/precompress.mjs';

/** The summary of a prerender: what it was rendered from, and each route's outcome. */
export const SUMMARY_FILE = 'prerender.json';

/** The route of a summary that stands for every route: the render as a whole failed. */
export const ALL_ROUTES = '*';

/**
 * @typedef {{ route: string, status: 'prerendered' | 'client', reason?: string, files?: Record<string, string> }} RouteSummary
 *   `files`: of a prerendered route, the sha384 of its page and of each precompressed copy, by path
 *   in the pages folder (`blog/index.html`, `blog/index.html.br`), as written
 */

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
 * The page file of a route inside the pages folder `dir`, or none when it would be elsewhere (a
 * route with `..` segments) or would take the summary's place: the one check every page written
 * or served passes.
 *
 * @param {string} dir
 * @param {string} route
 */
export function pageFileInside(dir, route) {
  const folder = resolve(dir);
  const file = resolve(folder, pageFileOf(route));
  const inside = relative(folder, file);
  if (inside.startsWith('..') || isAbsolute(inside)) return undefined;
  if (inside.split(sep)[0] === SUMMARY_FILE) return undefined;
  return file;
}

/**
 * Writes a route's page and its precompressed copies into the pages folder `dir`, and returns the
 * sha384 of each file as written, keyed by its path in the folder (`blog/index.html`,
 * `blog/index.html.br`, …): the summary carries them, and a copy of the pages is checked with them.
 *
 * @param {string} dir
 * @param {string} route
 * @param {string} html
 * @returns {Record<string, string>}
 */
export function writePage(dir, route, html) {
  const file = pageFileInside(dir, route);
  if (!file) throw new Error(`${JSON.stringify(route)} leads out of the pages folder`);
  /** @type {Record<string, string>} */
  const files = {};
  /** @param {string} path @param {Buffer} bytes */
  const write = (path, bytes) => {
    writeFileSync(path, bytes, { flag: 'wx' });
    files[relative(resolve(dir), path).split(sep).join('/')] = sri(bytes);
  };
  mkdirSync(dirname(file), { recursive: true });
  const bytes = Buffer.from(html);
  write(file, bytes);
  // Sent as they are by the static server: the page is compressed once, here, never per request.
  precompressedCopiesSync(file, bytes, write);
  return files;
}

/**
 * Writes what the renderer sent back into the empty pages folder `dir`, and says what became of
 * each route. The renderer ran code nobody here vouches for, so each route is checked again: by
 * the contract's rule for a route path, then by where its page would be written (the guard).
 *
 * @param {string} dir
 * @param {unknown} results  `{ route, html }` or `{ route, problem }` each, as the renderer sent them
 * @param {(reason: unknown) => string} reasonOf  how a reason is told (prerender-reasons.mjs)
 * @returns {RouteSummary[]}
 */
export function writeRenderedPages(dir, results, reasonOf) {
  /** @type {RouteSummary[]} */
  const routes = [];
  const seen = new Set();
  for (const result of Array.isArray(results) ? results : []) {
    const { route, html, problem } = /** @type {{ route?: unknown, html?: unknown, problem?: unknown }} */ (
      result ?? {}
    );
    if (route === ALL_ROUTES && html === undefined) {
      routes.push({ route, status: 'client', reason: reasonOf(problem) });
      continue;
    }
    if (!isRoutePath(route) || !pageFileInside(dir, route)) {
      const sent = printable(JSON.stringify(String(route)).slice(0, 200));
      routes.push({ route: sent, status: 'client', reason: 'the renderer sent back no route path of this site' });
      continue;
    }
    if (seen.has(route)) {
      const reason = 'the renderer sent this route twice: only its first page is kept';
      routes.push({ route, status: 'client', reason });
      continue;
    }
    seen.add(route);
    if (typeof html !== 'string') {
      routes.push({ route, status: 'client', reason: reasonOf(problem ?? 'the renderer sent back no page') });
      continue;
    }
    try {
      routes.push({ route, status: 'prerendered', files: writePage(dir, route, html) });
    } catch (error) {
      routes.push({ route, status: 'client', reason: `its page could not be written: ${reasonOf(error)}` });
    }
  }
  if (routes.length > 0) return routes;
  return [{ route: ALL_ROUTES, status: 'client', reason: 'the renderer sent back no route' }];
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
  const link = resolve(folder);
  /** @type {{ key: string, fresh: boolean } | undefined} */
  let checked;

  /** @param {string} dir */
  async function fresh(dir) {
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
   * @returns {Promise<(Found & { path: string, dir: string }) | undefined>}  the page's file, in
   *   the generation of the pages the folder named when asked (page-folder.mjs): read from there
   *   to the end, whatever is installed meanwhile
   */
  return async function pageOf(pathname) {
    const dir = await fs.realpath(link).catch(() => null);
    const file = dir && pageFileInside(dir, decodeURIComponent(pathname));
    if (!dir || !file) return undefined;
    // Whether the pages fit the served build, and the page itself, asked for at once.
    const [isFresh, found] = await Promise.all([fresh(dir), lookUp(file).catch(() => null)]);
    return isFresh && found?.stat.isFile() ? { path: file, dir, ...found } : undefined;
  };
}
