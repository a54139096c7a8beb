// @ts-check
// Renders an environment's public routes ahead of time with the remote versions its registry
// pins (the shell's renderer, shell/src/app/server.tsx, in a child process: scripts/lib/prerender-worker.mjs),
// and writes them where the static server finds them (static-server.mjs `pages`). A route that
// cannot be rendered stays client-rendered, with the reason in the summary: never an error.
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, appDir } from './apps.mjs';
import { CERTIFICATE_DIR } from './local-certificate.mjs';
import { checkCompatibility, describeProblem, MANIFEST_RECORD_KEY } from '@devhub/contracts/compatibility';
import { checkManifestDigest, checkVersionFiles } from './integrity.mjs';
import { entryFileOf, loadManifest, loadShellRecord } from './manifest.mjs';
import { SUMMARY_FILE, pageFileOf, templateHash } from './prerender-pages.mjs';
import { precompressedCopiesSync } from './static-server-precompress.mjs';
import { CliError, REGISTRY_DIR, readRegistry, readTaggedRegistry, withRegistryLock } from './registry-file.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

const PRERENDER_ROOT = join(WORKSPACE_ROOT, '.prerender');
const DEFAULT_SHELL_BUILD = join(WORKSPACE_ROOT, 'shell', 'dist');
/**
 * The shell's server renderer, built beside its browser build (rspack/server-build.ts, SHELL_SERVER_DIR).
 * @param {string} shellBuild
 */
const shellServerOf = (shellBuild) => join(shellBuild, '..', 'dist-server', 'server.cjs');
const WORKER = join(WORKSPACE_ROOT, 'scripts', 'lib', 'prerender-worker.mjs');
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * @typedef {{ route: string, status: 'prerendered' | 'client', reason?: string }} RouteSummary
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
 * finds its files in (the manifest's, as the page resolves it) and its server entry; refused
 * (nothing of it runs) unless its compatibility record fits the shell build's and, for a published
 * version, its manifest is the pinned one and every server file has the bytes the manifest records.
 * A dev server's entry (no version, no digest) is not checked: there is nothing to check it against.
 *
 * @param {string} name
 * @param {import('@devhub/contracts/registry').RegistryPin} pin
 * @param {import('@devhub/contracts/compatibility').CompatibilityRecord} shellRecord
 * @param {PrerenderOptions} options
 */
async function serverRemote(name, pin, shellRecord, options) {
  const { entry } = pin;
  const { manifest, location: where, bytes } = await loadManifest(entry, options);
  if (pin.integrity || pin.version) {
    // Before the renderer requires any of its code: what runs in Node is what was pinned, or nothing.
    checkManifestDigest(bytes, pin.integrity, where);
    const tampered = await checkVersionFiles(manifest, where, { files: 'server' });
    if (tampered.length > 0) throw new Error(`refused, its server build is not the one pinned: ${tampered.join('; ')}`);
  }
  // The same check `use` and the browser apply, before the renderer requires any of its code.
  const problems = checkCompatibility(name, shellRecord, manifest[MANIFEST_RECORD_KEY]).map(describeProblem);
  if (problems.length > 0) throw new Error(`refused, it does not fit this shell build: ${problems.join('; ')}`);
  const location = /^https?:/.test(where) ? where : pathToFileURL(where).href;
  const ssr = manifest?.metaData?.ssrRemoteEntry;
  const serverEntry = typeof ssr?.name === 'string' ? new URL(entryFileOf(ssr), location).href : undefined;
  return {
    pin: entry,
    manifest,
    // Its manifest matched the pin's digest (checked above): the page links its files with theirs.
    verified: Boolean(pin.integrity),
    publicPath: entry.slice(0, entry.lastIndexOf('/') + 1),
    ...(serverEntry ? { serverEntry } : {}),
  };
}

/**
 * Runs the shell's renderer in a child process: a fresh module cache for each prerender (a
 * remote's previous version is never what renders), and a render that hangs or crashes the
 * process costs a timeout, not the command.
 *
 * @param {string} shellServer
 * @param {unknown} input
 * @param {number} timeoutMs
 * @returns {Promise<Array<{ route: string, html?: string, problem?: string }>>}
 */
function renderInChild(shellServer, input, timeoutMs) {
  const certificate = join(CERTIFICATE_DIR, 'localhost.crt');
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {
        ...process.env,
        // A remote served by `npm run preview` over HTTPS uses this machine's certificate.
        ...(existsSync(certificate) && !process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: certificate } : {}),
      },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr = `${stderr}${chunk}`.slice(-4000);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the render did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      const { results, error } = /** @type {{ results?: any[], error?: string }} */ (message);
      if (error) reject(new Error(error));
      else resolve(results ?? []);
      // Its answer is all it was for: whatever the renderers left running (a timer, a socket kept
      // alive) must not keep this command waiting for the child to end on its own.
      child.kill('SIGKILL');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the renderer stopped without answering (exit code ${code})${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`,
        ),
      );
    });
    child.send({ shellServer, input });
  });
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
    const summary = await renderInto(staging, registry, { ...options, shellServer, template, shellRecord });
    const swapped = await withRegistryLock(registryFile, () => {
      if (readTaggedRegistry(registryFile).tag !== tag) return false;
      const previous = `${outDir}.${process.pid}.old`;
      if (existsSync(outDir)) renameSync(outDir, previous);
      renameSync(staging, outDir);
      rmSync(previous, { recursive: true, force: true });
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
  for (const [name, pin] of Object.entries(registry.remotes)) {
    if (!pin) continue;
    pins[name] = pin.entry;
    // The routes rendered are those the registry lists (a dev server's entry: its manifest's).
    const routes = pin.routes ? { routes: pin.routes } : {};
    try {
      remotes[name] = { ...(await serverRemote(name, pin, shellRecord, options)), ...routes };
    } catch (error) {
      // Still pinned: the page records it, and the remote's routes stay client-rendered, saying why.
      const unavailable = error instanceof Error ? error.message : String(error);
      remotes[name] = { pin: pin.entry, manifest: {}, publicPath: '', unavailable, ...routes };
    }
  }

  /** @type {Array<{ route: string, html?: string, problem?: string }>} */
  let results;
  try {
    results = await renderInChild(shellServer, { template, remotes, renderedAt }, timeoutMs);
  } catch (error) {
    results = [{ route: '*', problem: error instanceof Error ? error.message : String(error) }];
  }

  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  /** @type {RouteSummary[]} */
  const routes = results.map(({ route, html, problem }) => {
    if (html === undefined) return { route, status: 'client', reason: problem ?? '' };
    const file = join(staging, pageFileOf(route));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    // Sent as they are by the static server: the page is compressed once, here, never per request.
    precompressedCopiesSync(file, html, writeFileSync);
    return { route, status: 'prerendered' };
  });
  /** @type {PrerenderSummary} */
  const summary = { renderedAt, registry: registryFile, template: templateHash(template), pins, routes };
  writeFileSync(join(staging, SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

/**
 * The environment's prerender as it stands against its registry and shell build: each public
 * route prerendered or not, and why. Read by `doctor`.
 *
 * @param {{ registryFile: string, outDir?: string, shellBuild?: string }} options
 * @returns {{ route: string, status: string, reason?: string }[] | string}  a string: no usable prerender at all, and why
 */
export function prerenderStatus({
  registryFile,
  outDir = prerenderDir(registryFile),
  shellBuild = DEFAULT_SHELL_BUILD,
}) {
  const file = join(outDir, SUMMARY_FILE);
  if (!existsSync(file))
    return `not prerendered (${outDir} has no ${SUMMARY_FILE}): run "npm run remotes -- prerender"`;
  /** @type {PrerenderSummary} */
  let summary;
  try {
    summary = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return `${file} is not valid JSON: run "npm run remotes -- prerender"`;
  }
  const templateFile = join(shellBuild, 'index.html');
  if (existsSync(templateFile) && templateHash(readFileSync(templateFile, 'utf8')) !== summary.template) {
    return `rendered for another shell build (${summary.renderedAt}): run "npm run remotes -- prerender"`;
  }
  const registry = readRegistry(registryFile);
  const changed = Object.entries(registry.remotes)
    .filter(([name, pin]) => pin && summary.pins?.[name] !== pin.entry)
    .map(([name]) => name);
  if (changed.length > 0) {
    return `rendered before ${changed.join(', ')} changed pin (${summary.renderedAt}): run "npm run remotes -- prerender"`;
  }
  return summary.routes;
}

/**
 * What the CLI prints of a prerender: a line for the whole, and one warning per route left to the browser.
 *
 * @param {Array<{ route: string, status: string, reason?: string }> | string} routes  or why there is no prerender
 * @param {string} outDir
 * @returns {{ info: string, warnings: string[] }}
 */
export function describePrerender(routes, outDir) {
  if (typeof routes === 'string') return { info: '', warnings: [`no route is prerendered: ${routes}`] };
  const done = routes.filter((route) => route.status === 'prerendered').length;
  return {
    info: `Prerendered ${done} of ${routes.length} public routes → ${relative(process.cwd(), outDir) || outDir}`,
    warnings: routes
      .filter((route) => route.status !== 'prerendered')
      .map((route) => `${route.route} stays client-rendered: ${route.reason ?? 'not rendered'}`),
  };
}
