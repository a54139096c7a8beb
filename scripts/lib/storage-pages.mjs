// @ts-check
// An environment's prerendered pages when its registry is on object storage. `use`, `rollback`
// and `prerender` render them on the machine that ran them, from the registry and the pinned
// versions read from the store, and write them next to the registry
// (`<prefix>/remotes.<env>.prerender/`, storage-site.mjs pagesPlaceOf); a preview of that
// registry, on any machine, serves them from there (storage-site.mjs storeSite), with the
// registry itself read by the browser straight from the store.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { filesUnder } from './integrity.mjs';
import { localSources, prerenderEnvironment } from './prerender.mjs';
import { prerenderStatus } from './prerender-status.mjs';
import { SUMMARY_FILE } from './prerender-pages.mjs';
import { CliError } from './registry-file.mjs';
import { copyVersion } from './storage-mirror.mjs';
import { pageKeyOf, pagesPlaceOf, readRegistryBlob } from './storage-site.mjs';
import { blobUrlOf } from './storage-blob.mjs';

// Where the browser tests' store preview finds them (e2e/support/store-preview.mjs).
export { storeSite } from './storage-site.mjs';

/** @typedef {import('./prerender.mjs').PrerenderSummary} PrerenderSummary */

/** Renders of one `prerender` while pins keep landing, as for a registry in a folder. */
const MAX_RENDERS = 3;

/**
 * Renders the public routes with the versions the registry at `address` pins and writes them next
 * to it: every page first, the summary last (a preview takes up a render when its summary changes),
 * and only if the registry is still the one rendered (else it renders again).
 * The versions pinned from the store are copied to a temporary folder laid out as their URLs, so
 * the renderer loads the bytes the store holds, checked as the browser checks them.
 *
 * @param {{ registry: string, shellBuild?: string, timeoutMs?: number }} options
 * @returns {Promise<{ summary: PrerenderSummary, where: string }>}
 */
export async function prerenderIntoStore({ registry: address, shellBuild, timeoutMs }) {
  const place = pagesPlaceOf(address);
  const { storage, key, pages } = place;
  const base = new URL(`${await blobUrlOf(storage.address)}/`);
  const work = mkdtempSync(join(tmpdir(), 'devhub-store-prerender-'));
  try {
    for (let render = 1; render <= MAX_RENDERS; render += 1) {
      const attempt = join(work, String(render));
      const read = await readRegistryBlob(place);
      const registryFile = join(attempt, key);
      mkdirSync(attempt, { recursive: true });
      writeFileSync(registryFile, read.bytes);
      const mirror = join(attempt, 'store');
      const versionsAt = join(mirror, ...decodeURIComponent(base.pathname).split('/').filter(Boolean));
      /** @type {{ remotes?: Record<string, { entry?: unknown } | undefined> }} */
      const registry = JSON.parse(read.bytes.toString('utf8'));
      for (const pin of Object.values(registry.remotes ?? {})) {
        const entry = typeof pin?.entry === 'string' ? pin.entry : '';
        if (!entry.startsWith(base.href)) continue;
        const [pkg, version] = entry.slice(base.href.length).split('/');
        if (pkg && version) await copyVersion(storage.address, pkg, version, versionsAt);
      }
      const outDir = join(attempt, 'pages');
      const local = localSources();
      const summary = await prerenderEnvironment({
        registryFile,
        outDir,
        ...(shellBuild ? { shellBuild } : {}),
        ...(timeoutMs ? { timeoutMs } : {}),
        mounts: local.mounts,
        origins: { ...local.origins, [base.host]: mirror },
      });
      // Another pin landed while this one rendered: its pages would show the remote's old version.
      if ((await readRegistryBlob(place)).etag !== read.etag) continue;
      return { summary: await writePages(storage, pages, outDir, summary), where: storage.describe(pages) };
    }
    throw new CliError(
      `${storage.describe(key)} kept changing while its pages were rendered (${MAX_RENDERS} times): run "npm run remotes -- prerender"`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * What `doctor` says of the pages prerendered next to a registry in a store: their routes when
 * they were rendered with the registry's pins (and the shell build's page), else why not, which
 * for pins that changed since is why the preview does not serve them, with the command that
 * renders them again. The same judgement as for pages in a folder (prerenderStatus), made on a
 * temporary copy of the registry and the summary.
 *
 * @param {{ registry: string, shellBuild?: string | undefined }} options
 * @returns {Promise<{ routes: ReturnType<typeof prerenderStatus>, where: string }>}
 */
export async function storePrerenderStatus({ registry: address, shellBuild }) {
  const place = pagesPlaceOf(address);
  const { storage, pages } = place;
  const where = storage.describe(pages);
  const registry = await readRegistryBlob(place);
  const summary = await storage.read(`${pages}/${SUMMARY_FILE}`);
  const dir = mkdtempSync(join(tmpdir(), 'devhub-store-pages-'));
  try {
    const registryFile = join(dir, 'remotes.json');
    const outDir = join(dir, 'pages');
    writeFileSync(registryFile, registry.bytes);
    if (summary) {
      mkdirSync(outDir);
      writeFileSync(join(outDir, SUMMARY_FILE), summary.bytes);
    }
    const routes = prerenderStatus({ registryFile, outDir, ...(shellBuild ? { shellBuild } : {}) });
    if (typeof routes !== 'string') return { routes, where };
    const rerender = `npm run remotes -- prerender --registry ${address}${shellBuild ? ` --shell ${shellBuild}` : ''}`;
    return {
      routes: routes.split(outDir).join(where).replace('"npm run remotes -- prerender"', `"${rerender}"`),
      where,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes a page blob whatever it held: pages are not versions, a later render replaces them.
 * Against a render writing at the same moment, the last one wins (both rendered the registry as
 * they found it; a preview serves pages only while their pins are the registry's). Returns whether
 * the blob holds `bytes`: false when another writer replaced it between every read and write.
 *
 * @param {import('./storage-objects.mjs').Storage} storage
 * @param {string} key
 * @param {Buffer} bytes
 */
async function put(storage, key, bytes) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const stored = await storage.read(key);
    if (stored?.bytes.equals(bytes)) return true;
    if (stored ? await storage.replaceIfUnchanged(key, bytes, stored.etag) : await storage.createIfAbsent(key, bytes)) {
      return true;
    }
  }
  return false;
}

/**
 * Writes a render's pages under `pages`, the summary last. A route whose page (or one of its
 * encoded copies) could not be written is told as client-rendered, in the summary returned and in
 * the one stored, so the command's count and the preview never claim a page the store lacks.
 *
 * @param {import('./storage-objects.mjs').Storage} storage
 * @param {string} pages
 * @param {string} outDir
 * @param {PrerenderSummary} summary
 * @returns {Promise<PrerenderSummary>}
 */
export async function writePages(storage, pages, outDir, summary) {
  const names = filesUnder(outDir).map((file) => relative(outDir, file).split(sep).join('/'));
  /** @type {Set<string>} */
  const unwritten = new Set();
  for (const name of names.filter((item) => item !== SUMMARY_FILE)) {
    if (!(await put(storage, `${pages}/${name}`, readFileSync(join(outDir, name))))) unwritten.add(name);
  }
  const summaryKey = `${pages}/${SUMMARY_FILE}`;
  /** @param {PrerenderSummary['routes']} routes @param {(route: string) => boolean} lost @param {string} reason */
  const without = (routes, lost, reason) =>
    routes.map((route) =>
      route.status === 'prerendered' && lost(route.route)
        ? { route: route.route, status: /** @type {const} */ ('client'), reason }
        : route,
    );
  /** @param {string} route */
  const lost = (route) => ['', '.br', '.gz'].some((suffix) => unwritten.has(pageKeyOf(route) + suffix));
  const reason = `its page was not written to ${storage.describe(pages)} (another writer replaced it each time)`;
  const routes = without(summary.routes, lost, reason);
  const summaryFile = readFileSync(join(outDir, SUMMARY_FILE));
  /** @type {PrerenderSummary} */
  const stored = JSON.parse(summaryFile.toString('utf8'));
  const bytes =
    unwritten.size === 0
      ? summaryFile
      : Buffer.from(`${JSON.stringify({ ...stored, routes: without(stored.routes, lost, reason) }, null, 2)}\n`);
  if (await put(storage, summaryKey, bytes)) return { ...summary, routes };
  return {
    ...summary,
    routes: without(
      routes,
      () => true,
      `${storage.describe(summaryKey)} was not written (another writer replaced it each time)`,
    ),
  };
}
