// Starts the production build the way a static host serves it: the shell, the three
// remotes on their own origins, a remotes.json written for those origins, and optionally
// the auth API on a temporary database. Every port is ephemeral (the shell's may be given),
// so tests never collide with a developer's `npm start`. Used by the browser tests' fixtures,
// their preview webServer, `npm run screenshots` and the benchmark.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sealVersion } from '../../scripts/lib/integrity.mjs';
import { localCertificate } from '../../scripts/lib/local-certificate.mjs';
import { prerenderDir, prerenderEnvironment } from '../../scripts/lib/prerender.mjs';
import { closeServer, createStaticServer, listen } from '../../scripts/lib/static-server.mjs';
import { freePort } from '../../scripts/test/free-port.mjs';
import { remoteDirs } from '../../scripts/lib/workspace.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTE_DIRS = remoteDirs();

/** The protocol the stack speaks unless told: HTTP/2 over TLS, as a CDN serves a site today. */
export const DEFAULT_PROTOCOL = process.env.DEVHUB_HTTP === 'h1' ? 'h1' : 'h2';

async function waitForHealth(url, child, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`auth-api exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`auth-api did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * The telemetry collector on free ports of 127.0.0.1, its labels from `registryFile`, stopped with
 * the stack. Ready once its metrics answer.
 *
 * @param {string} registryFile
 * @param {string} tmp
 * @param {Array<() => Promise<void>>} closers
 * @param {number} [prometheusPort]  where the Prometheus the test starts will listen: the figures' source
 */
async function startCollector(registryFile, tmp, closers, prometheusPort) {
  const main = join(ROOT, 'telemetry/dist/main.js');
  if (!existsSync(main)) throw new Error('telemetry/dist is missing: run "npm run build" before the browser tests');
  const port = await freePort();
  let metricsPort = await freePort();
  while (metricsPort === port) metricsPort = await freePort();
  const collector = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
      DEVHUB_REGISTRY_FILE: registryFile,
      LOG_LEVEL: 'warn',
      ...(prometheusPort ? { PROMETHEUS_URL: `http://127.0.0.1:${prometheusPort}` } : {}),
    },
    cwd: tmp,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  closers.push(
    () =>
      new Promise((r) => (collector.exitCode !== null ? r() : (collector.once('exit', r), collector.kill('SIGTERM')))),
  );
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (collector.exitCode !== null) throw new Error(`the telemetry collector exited (${collector.exitCode})`);
    const ok = await fetch(metricsUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url: `http://127.0.0.1:${port}`, metricsPort };
    if (Date.now() > deadline) throw new Error(`the telemetry collector did not answer ${metricsUrl}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * @param {{
 *   api?: boolean,
 *   deployDir?: string,
 *   shellPort?: number,
 *   remoteRoots?: Record<string, string>,
 *   protocol?: 'h1' | 'h2',
 *   buildRoot?: string,
 *   layout?: 'origins' | 'cdn',
 *   prerender?: boolean,
 *   telemetry?: boolean | { prometheusPort: number },
 * }} [options]  `protocol`: HTTP/2 over TLS (default) or plain HTTP/1.1; `buildRoot`: the workspace
 *   whose builds are served (another copy, for an A/B side); `layout`: each remote on an origin of
 *   its own (default, as the dev servers run), or every remote under the shell's origin at
 *   /remotes/<name>/ (as a CDN serves published versions, one connection for everything);
 *   `prerender`: the public routes rendered ahead of time with the served remotes, as
 *   `npm run remotes -- use` renders them (again with `stack.prerender()`); `telemetry`: the
 *   collector (telemetry/dist) reading the stack's registry, `/api/telemetry` proxied to it; with a
 *   `prometheusPort`, it reads the remotes panel's figures from the Prometheus a test starts there
 */
export async function startStack(options = {}) {
  const buildRoot = options.buildRoot ?? ROOT;
  const requireBuild = (dir, file = 'index.html') => {
    if (!existsSync(join(buildRoot, dir, 'dist', file))) {
      throw new Error(`${join(buildRoot, dir)}/dist is missing: run "npm run build" before the browser tests`);
    }
  };
  const protocol = options.protocol ?? DEFAULT_PROTOCOL;
  const certificate = protocol === 'h2' ? await localCertificate() : undefined;
  const tls = certificate && { key: certificate.key, cert: certificate.cert };
  const scheme = tls ? 'https' : 'http';
  const tmp = mkdtempSync(join(tmpdir(), 'devhub-e2e-'));
  const registryFile = join(tmp, 'remotes.json');
  const closers = [];
  let api = null;

  let apiUrl;
  if (options.api) {
    if (!existsSync(join(ROOT, 'auth-api/dist/main.js'))) {
      throw new Error('auth-api/dist is missing: run "npm run build" before the browser tests');
    }
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, [join(ROOT, 'auth-api/dist/main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTH_API_DATA_DIR: join(tmp, 'auth-data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    closers.push(() => new Promise((r) => (api.exitCode !== null ? r() : (api.once('exit', r), api.kill('SIGTERM')))));
    await waitForHealth(`${apiUrl}/api/health`, api);
  }

  const telemetry = options.telemetry
    ? await startCollector(
        registryFile,
        tmp,
        closers,
        typeof options.telemetry === 'object' ? options.telemetry.prometheusPort : undefined,
      )
    : undefined;

  /** @type {Record<string, string>} each remote's origin ('' under the shell's own, the cdn layout) */
  const remotes = Object.fromEntries(Object.keys(REMOTE_DIRS).map((name) => [name, '']));
  /** @type {Record<string, string>} */
  const remoteMounts = {};
  /** @type {Record<string, string>} each remote's pinned digest */
  const integrities = {};
  /** @type {Record<string, unknown>} each remote's route table */
  const routeTables = {};
  /** @type {Record<string, string>} host:port → the folder served there */
  const remoteOrigins = {};
  for (const [name, dir] of Object.entries(REMOTE_DIRS)) {
    if (!options.remoteRoots?.[name]) requireBuild(dir, 'mf-manifest.json');
    // Served as `deploy` publishes it and pinned as `use` pins it: a copy of the build with every
    // file's digest in its manifest, and the manifest's digest in the registry (the one function both use).
    const root = join(tmp, 'remotes', name);
    cpSync(options.remoteRoots?.[name] ?? join(buildRoot, dir, 'dist'), root, {
      recursive: true,
      preserveTimestamps: true,
      // Source maps are never published (deploy sets them aside), so never listed.
      filter: (file) => !file.endsWith('.map'),
    });
    integrities[name] = sealVersion(root);
    // Pinned as `use` pins it: with the route table its build wrote into its manifest.
    routeTables[name] = JSON.parse(readFileSync(join(root, 'mf-manifest.json'), 'utf8')).routes;
    if (options.layout === 'cdn') {
      remoteMounts[`/remotes/${name}/`] = root;
      continue;
    }
    // Timing-Allow-Origin: the sizes of a remote's files, on an origin of its own, in the page's
    // Resource Timing, which the byte budgets read (budgets.spec.ts, e2e/support/first-load.mjs).
    const server = createStaticServer({ root, cors: true, spa: true, apiTarget: apiUrl, tls, timingAllowOrigin: true });
    const port = await listen(server, 0, '127.0.0.1');
    closers.push(() => closeServer(server));
    remotes[name] = `${scheme}://127.0.0.1:${port}`;
    remoteOrigins[`127.0.0.1:${port}`] = root;
  }

  const registry = {
    environment: 'e2e',
    remotes: Object.fromEntries(
      Object.entries(remotes).map(([name, url]) => [
        name,
        {
          entry: options.layout === 'cdn' ? `/remotes/${name}/mf-manifest.json` : `${url}/mf-manifest.json`,
          integrity: integrities[name],
          ...(routeTables[name] ? { routes: routeTables[name] } : {}),
        },
      ]),
    ),
    // Outside `local`, overrides never point at this machine: a test that needs one writes a local registry.
    allowedOverrideOrigins: [],
  };
  writeFileSync(registryFile, JSON.stringify(registry, null, 2));

  requireBuild('shell');
  const mounts = { ...remoteMounts, ...(options.deployDir ? { '/deploy/': options.deployDir } : {}) };
  const pagesDir = prerenderDir(registryFile);
  /**
   * The registry's text the pages were last rendered from, and that render's summary.
   * @type {{ registry: string, summary: import('../../scripts/lib/prerender.mjs').PrerenderSummary } | null}
   */
  let lastRender = null;
  /**
   * @param {{ ifChanged?: boolean }} [options]  `ifChanged`: skip the render (and return the last
   *   summary) when the registry's text is the one the pages were last rendered from. Only for a
   *   caller that knows nothing else changed: pins with digests cover their files, but a file
   *   edited in place under a pin (or a page edited in the pages folder) is not seen.
   * @returns {Promise<import('../../scripts/lib/prerender.mjs').PrerenderSummary>}
   */
  const prerender = async ({ ifChanged = false } = {}) => {
    if (ifChanged && lastRender?.registry === readFileSync(registryFile, 'utf8') && existsSync(pagesDir)) {
      return lastRender.summary;
    }
    const summary = await prerenderEnvironment({
      registryFile,
      outDir: pagesDir,
      shellBuild: join(buildRoot, 'shell/dist'),
      mounts,
      origins: remoteOrigins,
    });
    // The render swaps its pages in only while the registry is the one it read (prerender.mjs).
    lastRender = { registry: readFileSync(registryFile, 'utf8'), summary };
    return summary;
  };
  if (options.prerender) await prerender();
  const shellServerOptions = {
    root: join(buildRoot, 'shell/dist'),
    tls,
    spa: true,
    files: { '/remotes.json': registryFile },
    mounts,
    apiTarget: apiUrl,
    ...(telemetry ? { telemetryTarget: telemetry.url } : {}),
    ...(options.prerender ? { pages: { dir: pagesDir, template: join(buildRoot, 'shell/dist/index.html') } } : {}),
  };
  const shellServer = createStaticServer(shellServerOptions);
  const shellPort = await listen(shellServer, options.shellPort ?? 0, '127.0.0.1');
  closers.push(() => closeServer(shellServer));

  return {
    shellUrl: `${scheme}://127.0.0.1:${shellPort}`,
    protocol,
    /** The certificate an HTTPS client of this stack must trust (none over HTTP/1.1). */
    certFile: certificate?.certFile,
    remotes,
    /**
     * One remote's origin; throws for a remote the workspace has not.
     *
     * @param {string} remote
     */
    originOf(remote) {
      const origin = remotes[remote];
      if (origin === undefined)
        throw new Error(`the stack serves no remote "${remote}" (${Object.keys(remotes).join(', ')})`);
      return origin;
    },
    apiUrl,
    /** The collector (with `telemetry`): its public URL and the port of its metrics. */
    telemetry,
    registry,
    registryFile,
    /** What the shell's server was created with: `bench:ab --b-server` starts another server on the same files. */
    shellServerOptions,
    /** Rewrites the served remotes.json (raw text allowed, to test malformed files). */
    writeRegistry(contents) {
      writeFileSync(registryFile, typeof contents === 'string' ? contents : JSON.stringify(contents, null, 2));
    },
    /**
     * Renders the public routes again from the served registry (the stack must have been started
     * with `prerender`); with `{ ifChanged: true }`, only if the registry changed since the last render.
     */
    prerender,
    /** Serves one more directory as a remote origin (e.g. another build of a remote). */
    async serveExtra(root) {
      const server = createStaticServer({ root, cors: true, spa: true, tls });
      const port = await listen(server, 0, '127.0.0.1');
      closers.push(() => closeServer(server));
      return `${scheme}://127.0.0.1:${port}`;
    },
    async stop() {
      for (const close of closers.reverse()) {
        await close().catch(() => undefined);
      }
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
