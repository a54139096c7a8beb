// @ts-check
// Where an environment's prerendered pages sit when its registry is on object storage
// (`<prefix>/remotes.<env>.prerender/`, written by storage-pages.mjs), and a preview's copy of
// them (storeSite): the registry is read by the browser straight from the store, the pages are
// served from a local copy kept up to date in the background, each checked against the digest
// the render's summary lists for it.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { isRoutePath } from '@devhub/contracts/routes';
import { sri } from './integrity.mjs';
import { installPages, withdrawPages } from './page-folder.mjs';
import { SUMMARY_FILE, pageFileInside, pageFileOf } from './prerender-pages.mjs';
import { CliError } from './registry-file.mjs';
import { blobUrlOf } from './storage-blob.mjs';
import { openStorage, openStorageOf } from './storage.mjs';

/**
 * How long one read of the store may take for a preview: it refreshes its copies in the background
 * and serves the last good ones meanwhile, so a store that stops answering only delays the next copy.
 */
const SITE_CALL_TIMEOUT_MS = 10_000;

/**
 * The store of a registry, its key there, and the prefix its pages are written under.
 *
 * @param {string} address  azblob://<container>/<prefix>/remotes.<env>.json
 * @param {import('./blob-service.mjs').BlobOptions} [options]
 */
export function pagesPlaceOf(address, options) {
  const { storage: named, key } = openStorageOf(address);
  const storage = options ? openStorage(named.address, options) : named;
  return { storage, key, pages: `${key.replace(/\.json$/, '')}.prerender` };
}

/** @param {string} route */
export const pageKeyOf = (route) => pageFileOf(route).split(sep).join('/');

/**
 * Reads the registry, failing with one line when it is not there.
 *
 * @param {ReturnType<typeof pagesPlaceOf>} place
 */
export async function readRegistryBlob({ storage, key }) {
  const read = await storage.read(key);
  if (!read) throw new CliError(`${storage.describe(key)} does not exist`);
  return read;
}

/**
 * Whether a render's pins are the registry's: pages rendered before another pin landed would show
 * the old version of that remote, so they are not served.
 *
 * @param {unknown} summary
 * @param {unknown} registry
 */
function samePins(summary, registry) {
  const pins = /** @type {{ pins?: Record<string, string> }} */ (summary ?? {}).pins ?? {};
  const remotes = /** @type {{ remotes?: Record<string, { entry?: string } | undefined> }} */ (registry ?? {}).remotes;
  return Object.entries(remotes ?? {}).every(([name, pin]) => !pin || pins[name] === pin.entry);
}

/** A page and the encoded copies the prerender may write beside it. */
const PAGE_SUFFIXES = ['', '.br', '.gz'];

/**
 * Whether the files of a route read from the store are the ones the render wrote: each one there
 * has the sha384 the summary lists for it (by its path in the pages folder), the page is there,
 * and so is every copy the summary lists. A route without digests is not.
 *
 * @param {unknown} files  the route's `files` in the summary
 * @param {string} name  the page's path in the pages folder
 * @param {Array<{ bytes: Buffer } | undefined>} reads  its blobs, in the order of PAGE_SUFFIXES
 */
function asRendered(files, name, reads) {
  if (!files || typeof files !== 'object') return false;
  const digests = /** @type {Record<string, unknown>} */ (files);
  return PAGE_SUFFIXES.every((suffix, index) => {
    const expected = digests[`${name}${suffix}`];
    const read = reads[index];
    if (!read) return suffix !== '' && expected === undefined;
    return typeof expected === 'string' && sri(read.bytes) === expected;
  });
}

/**
 * A site served from the store: the registry's URL (the browser reads it there), its store's
 * origin (each page's policy allows it), and a local copy of the registry (for that policy) and of
 * the pages next to it, which `refresh` brings up to date (two reads of the store; a download only
 * when the registry or the render changed) and `revalidate` starts bringing up to date without
 * waiting. A page whose pins are not the registry's is left out, and so is one whose bytes are not
 * those the summary lists (edited in the store): the shell renders its route in the browser.
 *
 * @param {string} address  azblob://<container>/<prefix>/remotes.<env>.json
 * @param {ReturnType<typeof pagesPlaceOf>} [place]  its store (a test counts the reads)
 */
export async function storeSite(address, place = pagesPlaceOf(address, { callTimeoutMs: SITE_CALL_TIMEOUT_MS })) {
  const { storage, pages } = place;
  const registryUrl = await blobUrlOf(address);
  const dir = mkdtempSync(join(tmpdir(), 'devhub-store-site-'));
  // However the process ends (Ctrl-C while the store is first read, an error), the copies go with it.
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  const close = () => {
    process.off('exit', remove);
    remove();
  };
  const registryFile = join(dir, 'remotes.json');
  const pagesDir = join(dir, 'pages');
  /** @type {string | undefined} */
  let seen;
  let staged = 0;

  /** @param {string} file @param {Uint8Array} bytes */
  const writeWhole = (file, bytes) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, bytes);
    renameSync(`${file}.tmp`, file);
  };

  /**
   * Where a route's page is staged, or undefined for a route a render never writes (the summary
   * is read from the store: whoever can write there must not write outside the staging folder).
   *
   * @param {string} staging
   * @param {unknown} route
   */
  const stagedFileOf = (staging, route) => (isRoutePath(route) ? pageFileInside(staging, route) : undefined);

  async function update() {
    const registry = await readRegistryBlob(place);
    const summary = await storage.read(`${pages}/${SUMMARY_FILE}`);
    const tag = `${registry.etag} ${summary?.etag ?? '-'}`;
    if (tag === seen) return;
    const staging = resolve(`${pagesDir}.${(staged += 1)}`);
    try {
      /** @type {{ routes?: Array<{ route: unknown, status: string, files?: unknown }> } | undefined} */
      let parsed;
      try {
        parsed = summary && JSON.parse(summary.bytes.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      if (summary && parsed && samePins(parsed, JSON.parse(registry.bytes.toString('utf8')))) {
        /** @type {unknown[]} */
        const refused = [];
        for (const { route, status, files } of parsed.routes ?? []) {
          if (status !== 'prerendered') continue;
          const file = stagedFileOf(staging, route);
          if (!file || typeof route !== 'string') {
            refused.push(route);
            continue;
          }
          const name = pageKeyOf(route);
          // Every read settles before the update ends, even a failed one: none outlives it.
          const settled = await Promise.allSettled(
            PAGE_SUFFIXES.map((suffix) => storage.read(`${pages}/${name}${suffix}`)),
          );
          const reads = settled.map((read) => {
            if (read.status === 'rejected') throw read.reason;
            return read.value;
          });
          if (!asRendered(files, name, reads)) {
            process.stderr.write(
              `[store] ${route}: its page in ${storage.describe(pages)} is not the one ${SUMMARY_FILE} lists: not served, the shell renders the route\n`,
            );
            continue;
          }
          reads.forEach((page, index) => page && writeWhole(file + PAGE_SUFFIXES[index], page.bytes));
        }
        if (refused.length > 0) {
          process.stderr.write(
            `[store] ${storage.describe(`${pages}/${SUMMARY_FILE}`)}: not served, not route paths: ${refused.map((route) => JSON.stringify(route)).join(', ')}\n`,
          );
        }
        writeWhole(join(staging, SUMMARY_FILE), summary.bytes);
      }
      // The registry copy (the pages' policy) changes only with the pages rendered for it.
      writeWhole(registryFile, registry.bytes);
      if (existsSync(staging)) installPages(pagesDir, staging);
      else withdrawPages(pagesDir);
      seen = tag;
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  }

  /** @type {Promise<void> | undefined} */
  let current;
  /** @type {Promise<void> | undefined} */
  let queued;
  /** @returns {Promise<void>} */
  const start = () => {
    const run = update().finally(() => {
      if (current === run) current = undefined;
    });
    current = run;
    return run;
  };
  /**
   * One update at a time, and at most one waiting: every request arriving while one runs shares
   * the next (which sees whatever changed meanwhile), so a burst of requests costs two updates.
   */
  const refresh = () => {
    if (queued) return queued;
    if (!current) return start();
    const next = current
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    queued = next;
    return next;
  };

  try {
    await refresh();
  } catch (error) {
    close();
    throw error;
  }
  /** Brings the copies up to date; a store that fails meanwhile leaves them as they were, said in one line. */
  const settle = () =>
    refresh().catch((error) => {
      process.stderr.write(`[store] ${address}: ${error instanceof Error ? error.message : error}\n`);
    });
  return {
    registryUrl,
    origin: new URL(registryUrl).origin,
    registryFile,
    pagesDir,
    refresh: settle,
    /** Starts `refresh` and returns at once: a request is answered from the last good copies meanwhile. */
    revalidate() {
      void settle();
    },
    close,
  };
}
