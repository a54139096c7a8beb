// @ts-check
// Renders an environment's public routes ahead of time with the remote versions its registry
// pins (the shell's renderer, shell/src/app/server.tsx, in a sandboxed child process:
// render-sandbox.mjs, from a verified private copy of the versions: version-mirror.mjs), and
// writes them where the static server finds them (static-server.mjs `pages`). A route that
// cannot be rendered stays client-rendered, with the reason in the summary: never an error.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkCompatibility, describeProblem, MANIFEST_RECORD_KEY } from '@devhub/contracts/compatibility';
import { APPS, appDir } from './apps.mjs';
import { entryFileOf, loadShellRecord } from './manifest.mjs';
import { ALL_ROUTES, SUMMARY_FILE, templateHash, writeRenderedPages } from './prerender-pages.mjs';
import { installPages } from './page-folder.mjs';
import { reasonWriter } from './prerender-reasons.mjs';
import { CliError, REGISTRY_DIR, readTaggedRegistry, withRegistryLock } from './registry-file.mjs';
import { renderInSandbox } from './render-sandbox.mjs';
import { createVersionMirror, mirrorManifest, mirrorServerFiles } from './version-mirror.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

const PRERENDER_ROOT = join(WORKSPACE_ROOT, '.prerender');
export const DEFAULT_SHELL_BUILD = join(WORKSPACE_ROOT, 'shell', 'dist');
/**
 * The shell's server renderer, built beside its browser build (rspack/server-build.ts, SHELL_SERVER_DIR).
 * @param {string} shellBuild
 */
const shellServerOf = (shellBuild) => join(shellBuild, '..', 'dist-server', 'server.cjs');
const DEFAULT_DEPLOY_DIR = join(WORKSPACE_ROOT, '.deploy');
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * @typedef {import('./prerender-pages.mjs').RouteSummary} RouteSummary
 * @typedef {{
 *   renderedAt: string,
 *   registry: string,
 *   template: string,
 *   pins: Record<string, string>,
 *   routes: RouteSummary[],
 * }} PrerenderSummary
 * @typedef {{
 *   registryFile: string,
 *   outDir?: string,
 *   shellBuild?: string,
 *   shellServer?: string,
 *   mounts?: Record<string, string>,
 *   origins?: Record<string, string>,
 *   deployDir?: string,
 *   baseUrl?: string,
 *   timeoutMs?: number,
 * }} PrerenderOptions
 *   `mounts`: URL path prefix → folder, as the static server mounts them (e.g. /deploy/);
 *   `origins`: host:port → folder, for remotes served from a local build (e.g. localhost:3001);
 *   `shellServer`: the shell's server renderer (default: the one built beside `shellBuild`)
 */

/**
 * Where an environment's prerendered pages go: `.prerender/<registry name>/` for the registries
 * of shell/public, else `<registry name>.prerender/` beside the registry file.
 *
 * @param {string} registryFile
 */
export function prerenderDir(registryFile, root = PRERENDER_ROOT) {
  const name = basename(registryFile).replace(/\.json$/, '');
  return resolve(dirname(registryFile)) === REGISTRY_DIR
    ? join(root, name)
    : join(dirname(registryFile), `${name}.prerender`);
}

/**
 * Where the remotes a registry may pin are on this machine: the deploy folder under /deploy/,
 * and each remote's build at its development origin (localhost:<port>, as remotes.json pins it).
 *
 * @param {string} [deployDir]
 * @returns {Pick<PrerenderOptions, 'mounts' | 'origins'>}
 */
export function localSources(deployDir = join(WORKSPACE_ROOT, '.deploy')) {
  return {
    mounts: { '/deploy/': deployDir },
    origins: Object.fromEntries(
      APPS.filter((app) => app.kind === 'remote').map((app) => [`localhost:${app.port}`, join(appDir(app), 'dist')]),
    ),
  };
}

/**
 * What the shell's renderer needs of one pinned remote: its manifest, the folder the browser
 * finds its files in (the manifest's, as the page resolves it) and its server entry, in the
 * mirror; refused (nothing of it runs) unless its compatibility record fits the shell build's
 * and, for a published version or any pin outside the local environment, its manifest is the
 * pinned one and every server file has the bytes the manifest records (version-mirror.mjs).
 * A dev server's entry in the local environment is not checked: there is nothing to check it against.
 *
 * @param {string} mirror
 * @param {string} name
 * @param {import('@devhub/contracts/registry').RegistryPin} pin
 * @param {string} environment  the registry's
 * @param {import('@devhub/contracts/compatibility').CompatibilityRecord} shellRecord
 * @param {PrerenderOptions} options
 */
async function serverRemote(mirror, name, pin, environment, shellRecord, options) {
  const { entry } = pin;
  const { manifest, location, verify } = await mirrorManifest(mirror, name, pin, { environment, ...options });
  // The same check `use` and the browser apply, before the renderer is given any of its code.
  const problems = checkCompatibility(name, shellRecord, manifest[MANIFEST_RECORD_KEY]).map(describeProblem);
  if (problems.length > 0) throw new Error(`refused, it does not fit this shell build: ${problems.join('; ')}`);
  const ssr = manifest?.metaData?.ssrRemoteEntry;
  const serverEntry =
    typeof ssr?.name === 'string'
      ? await mirrorServerFiles(mirror, name, manifest, location, { verify, entry: entryFileOf(ssr) })
      : undefined;
  return {
    pin: entry,
    manifest,
    // Its manifest matched the pin's digest (checked in the mirror): the page links its files with theirs.
    verified: verify,
    publicPath: entry.slice(0, entry.lastIndexOf('/') + 1),
    ...(serverEntry ? { serverEntry: pathToFileURL(serverEntry).href } : {}),
  };
}

/**
 * The local folders a reason may name, and how the summary names them instead: the mirror's as
 * `<remote>/<file>`, the served ones as their URLs, the workspace's relative to it.
 *
 * @param {string} mirror
 * @param {PrerenderOptions} options
 * @returns {Array<[string, string]>}
 */
function localPlaces(mirror, { mounts = {}, origins = {}, deployDir = DEFAULT_DEPLOY_DIR, shellBuild, shellServer }) {
  return [
    [mirror, ''],
    ...(shellBuild ? [/** @type {[string, string]} */ ([shellBuild, '<shell build>/'])] : []),
    ...(shellServer ? [/** @type {[string, string]} */ ([dirname(shellServer), '<shell server>/'])] : []),
    [deployDir, '/deploy/'],
    ...Object.entries(mounts).map(([prefix, dir]) => /** @type {[string, string]} */ ([dir, prefix])),
    ...Object.entries(origins).map(([host, dir]) => /** @type {[string, string]} */ ([dir, `//${host}/`])),
    [WORKSPACE_ROOT, ''],
  ];
}

/** How many times a prerender starts again because a pin changed while it rendered. */
const MAX_RENDERS = 4;

/**
 * Prerenders every public route of the environment and replaces its folder at once (a server
 * reading it sees the previous render or the new one, never a mix). Returns the summary, which
 * is also written as prerender.json.
 *
 * The folder is swapped under the registry's lock, and only if the registry is still the one the
 * pages were rendered from: a pin made meanwhile (another `use` at the same moment) makes this
 * render again with it, so the pages always end up matching the final registry.
 *
 * @param {PrerenderOptions} options
 * @returns {Promise<PrerenderSummary>}
 */
export async function prerenderEnvironment(options) {
  const {
    registryFile,
    outDir = prerenderDir(registryFile),
    shellBuild = DEFAULT_SHELL_BUILD,
    shellServer = shellServerOf(shellBuild),
  } = options;
  const templateFile = join(shellBuild, 'index.html');
  if (!existsSync(templateFile)) throw new CliError(`no shell build at ${shellBuild}: run "npm run build -w shell"`);
  if (!existsSync(shellServer)) {
    throw new CliError(`no shell server renderer at ${shellServer}: run "npm run build -w shell"`);
  }
  const template = readFileSync(templateFile, 'utf8');
  const { record: shellRecord } = await loadShellRecord({ shell: shellBuild });

  for (let render = 1; render <= MAX_RENDERS; render += 1) {
    const { registry, tag } = readTaggedRegistry(registryFile);
    const staging = `${outDir}.${process.pid}.tmp`;
    const summary = await renderInto(staging, registry, { ...options, shellBuild, shellServer, template, shellRecord });
    const swapped = await withRegistryLock(registryFile, () => {
      if (readTaggedRegistry(registryFile).tag !== tag) return false;
      installPages(outDir, staging);
      return true;
    });
    if (swapped) return summary;
    rmSync(staging, { recursive: true, force: true });
  }
  throw new CliError(
    `${registryFile} kept changing while its pages were rendered (${MAX_RENDERS} times): run "npm run remotes -- prerender"`,
  );
}

/**
 * One render of every public route with the given pins, written (pages and summary) to `staging`.
 *
 * @param {string} staging
 * @param {import('@devhub/contracts/registry').Registry} registry
 * @param {PrerenderOptions & {
 *   shellServer: string,
 *   template: string,
 *   shellRecord: import('@devhub/contracts/compatibility').CompatibilityRecord,
 * }} options
 * @returns {Promise<PrerenderSummary>}
 */
async function renderInto(staging, registry, options) {
  const { registryFile, shellServer, template, shellRecord, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const renderedAt = new Date().toISOString();

  /** @type {Record<string, unknown>} */
  const remotes = {};
  /** @type {Record<string, string>} */
  const pins = {};
  const mirror = createVersionMirror();
  const reasonOf = reasonWriter(localPlaces(mirror.dir, options));
  /** @type {unknown} */
  let results;
  try {
    for (const [name, pin] of Object.entries(registry.remotes)) {
      if (!pin) continue;
      pins[name] = pin.entry;
      // The routes rendered are those the registry lists (a dev server's entry: its manifest's).
      const routes = pin.routes ? { routes: pin.routes } : {};
      try {
        remotes[name] = {
          ...(await serverRemote(mirror.dir, name, pin, registry.environment, shellRecord, options)),
          ...routes,
        };
      } catch (error) {
        // Still pinned: the page records it, and the remote's routes stay client-rendered, saying why.
        remotes[name] = { pin: pin.entry, manifest: {}, publicPath: '', unavailable: reasonOf(error), ...routes };
      }
    }
    results = await renderInSandbox({
      shellServer,
      input: { template, remotes, renderedAt },
      timeoutMs,
      readable: [mirror.dir],
    });
  } catch (error) {
    results = [{ route: ALL_ROUTES, problem: error }];
  } finally {
    mirror.remove();
  }

  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const routes = writeRenderedPages(staging, results, reasonOf);
  /** @type {PrerenderSummary} */
  const summary = { renderedAt, registry: basename(registryFile), template: templateHash(template), pins, routes };
  writeFileSync(join(staging, SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}
