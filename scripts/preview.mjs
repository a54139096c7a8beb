// `npm run preview`: the production builds on the development ports, served by the same
// static server the browser tests and the benchmark use (SPA fallback for the shell, CORS
// for the remotes, immutable caching for hashed files, no-cache for registries/manifests),
// over HTTP/2 with TLS as a CDN serves them (`--http1`: plain HTTP/1.1). With a registry on
// object storage (`--remotes azblob://…`) the browser reads the registry and the pinned remotes
// from the store, and the pages are those `remotes use|rollback|prerender` wrote next to it.
// With --observe, Debian's Prometheus scrapes the collector's metrics beside it (lib/prometheus.mjs).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API, APPS, COLLECTOR, ROOT, appDir, hasPages, noPageYetLine } from './lib/apps.mjs';
import { CliError, parseCliOrExit } from './lib/cli.mjs';
import { ProcessGroup, isPortFree, waitForPort } from './lib/processes.mjs';
import { localCertificate } from './lib/local-certificate.mjs';
import { localSources, prerenderDir, prerenderEnvironment } from './lib/prerender.mjs';
import { describePrerender } from './lib/prerender-status.mjs';
import { localRegistry, temporaryRegistryFile } from './lib/local-registry.mjs';
import { registryPath } from './lib/registry-file.mjs';
import { createStaticServer, listen } from './lib/static-server.mjs';
import { storeSite } from './lib/storage-site.mjs';
import { PROMETHEUS_PORT, findPrometheus, startPrometheus } from './lib/prometheus.mjs';
import { isBlobAddress } from './lib/storage-objects.mjs';

/** How often Prometheus scrapes the collector with --observe. */
const SCRAPE_SECONDS = 5;

const USAGE = `usage: npm run preview [-- [--remotes <env>] [--http1] [--no-api] [--no-telemetry] [--observe]]
  --remotes <env>  serve shell/public/remotes.<env>.json as the registry (or DEVHUB_REMOTES); without
                   it, the local one: every remote of the workspace on its port
  --remotes azblob://<container>/<prefix>/remotes.<env>.json
                   the registry on Azure Blob Storage (AZURE_STORAGE_CONNECTION_STRING): the browser
                   reads it and its remotes from there; the pages are the ones prerendered next to it
  --http1          plain HTTP/1.1 instead of HTTP/2 with TLS
  --http2          HTTP/2 with TLS (the default)
  --no-api         do not start the auth API
  --no-telemetry   do not start the telemetry collector
  --observe        also run Prometheus (/usr/bin/prometheus, or PROMETHEUS_PATH), scraping the
                   collector's metrics every ${SCRAPE_SECONDS} s, its data in a temporary folder
  --prometheus-port <n>
                   Prometheus's port with --observe, on 127.0.0.1 only (default ${PROMETHEUS_PORT})
  -h, --help       this help`;

const { values } = parseCliOrExit('preview', {
  usage: USAGE,
  options: {
    remotes: { type: 'string', default: process.env.DEVHUB_REMOTES },
    'no-api': { type: 'boolean', default: false },
    'no-telemetry': { type: 'boolean', default: false },
    observe: { type: 'boolean', default: false },
    'prometheus-port': { type: 'string' },
    http1: { type: 'boolean', default: false },
    http2: { type: 'boolean', default: false },
    'public-host': { type: 'string' },
  },
});

/**
 * With --observe, Prometheus's binary and port, checked before anything starts: a missing binary
 * or a wrong flag is one line.
 */
function observing() {
  const flag = values['prometheus-port'];
  if (!values.observe) {
    if (flag !== undefined) throw new CliError('--prometheus-port only makes sense with --observe');
    return undefined;
  }
  if (values['no-telemetry']) throw new CliError('--observe scrapes the telemetry collector: drop --no-telemetry');
  const port = flag === undefined ? PROMETHEUS_PORT : Number(flag);
  if (flag !== undefined && (!/^\d+$/.test(flag.trim()) || port < 1 || port > 65_535)) {
    throw new CliError(`--prometheus-port must be a port number from 1 to 65535, got "${flag}"`);
  }
  const metrics = { id: `${COLLECTOR.id} metrics`, port: COLLECTOR.metricsPort };
  const owner = [...APPS, API, COLLECTOR, metrics].find((service) => service.port === port);
  if (owner) throw new CliError(`--prometheus-port ${port} is ${owner.id}'s port: choose another`);
  return { binary: findPrometheus(process.env), port };
}

async function main() {
  const observe = observing();
  // Asked first: a store that cannot be read is said in one line before anything starts.
  // Ctrl-C or a SIGTERM ends the preview through its group (with or without the auth API in it):
  // the process exits, and the exit removes the store site's temporary folder, even mid-read.
  const group = new ProcessGroup();
  const site = values.remotes && isBlobAddress(values.remotes) ? await storeSite(values.remotes) : undefined;
  // A remote new-remote just made builds once it has a page: the others are served without it.
  const served = APPS.filter((app) => app.kind !== 'remote' || hasPages(app));
  for (const app of APPS.filter((candidate) => !served.includes(candidate))) {
    console.warn(noPageYetLine(app, 'served'));
  }
  const missing = served.filter(
    (app) => !existsSync(join(appDir(app), 'dist', app.kind === 'host' ? 'index.html' : 'mf-manifest.json')),
  );
  if (missing.length > 0) {
    console.error(`No production build for: ${missing.map((app) => app.dir).join(', ')}. Run "npm run build" first.`);
    process.exit(1);
  }
  // The registry is served from its source file, so `npm run remotes -- use …` takes effect on
  // the next page load, with no shell rebuild.
  const registryFile = site
    ? site.registryFile
    : values.remotes && values.remotes !== 'local'
      ? registryPath(values.remotes)
      : temporaryRegistryFile(localRegistry(served.filter((app) => app.kind === 'remote')));
  if (!site && !existsSync(registryFile)) {
    console.error(`Unknown environment "${values.remotes}": ${registryFile} does not exist.`);
    process.exit(1);
  }
  const collectorPorts = [COLLECTOR, { id: `${COLLECTOR.id} metrics`, port: COLLECTOR.metricsPort }];
  for (const { id, port } of [
    ...served,
    ...(values['no-api'] ? [] : [API]),
    ...(values['no-telemetry'] ? [] : collectorPorts),
    ...(observe ? [{ id: 'prometheus', port: observe.port }] : []),
  ]) {
    if (!(await isPortFree(port))) {
      console.error(`Port ${port} (${id}) is already in use: stop what runs there and retry.`);
      process.exit(1);
    }
  }

  const apiTarget = `http://localhost:${API.port}`;
  const telemetryTarget = `http://localhost:${COLLECTOR.port}`;
  for (const [service, flag] of [
    [API, 'no-api'],
    [COLLECTOR, 'no-telemetry'],
  ]) {
    if (!values[flag] && !existsSync(join(ROOT, service.dir, 'dist', 'main.js'))) {
      console.error(`${service.id} is not built: run "npm run build" first (or pass --${flag}).`);
      process.exit(1);
    }
  }
  // However this process ends (an error, an exception), the services do not outlive it.
  if (!values['no-api'] || !values['no-telemetry']) process.once('exit', () => group.stop(process.exitCode ?? 1));
  if (!values['no-api']) {
    group.run(API.id, process.execPath, ['dist/main.js'], {
      cwd: join(ROOT, API.dir),
      env: { ...process.env, PORT: String(API.port) },
    });
    await waitForPort(API.port);
  }
  if (!values['no-telemetry']) {
    // Labels its metrics by what the registry the shell serves names; a store's registry is its
    // local copy, which the server keeps up to date.
    group.run(COLLECTOR.id, process.execPath, ['dist/main.js'], {
      cwd: join(ROOT, COLLECTOR.dir),
      env: {
        ...process.env,
        PORT: String(COLLECTOR.port),
        METRICS_PORT: String(COLLECTOR.metricsPort),
        DEVHUB_REGISTRY_FILE: registryFile,
        // The remotes panel's figures (/__remotes), read from the Prometheus started below.
        ...(observe ? { PROMETHEUS_URL: `http://127.0.0.1:${observe.port}` } : {}),
      },
    });
    await waitForPort(COLLECTOR.port);
  }
  // In the group: its output is prefixed like the others', and its death stops the preview.
  const prometheus =
    observe &&
    (await startPrometheus({
      ...observe,
      targets: [`localhost:${COLLECTOR.metricsPort}`],
      scrapeIntervalSeconds: SCRAPE_SECONDS,
      run: (command, args) => group.run('prometheus', command, args),
    }));

  // The public routes rendered with the pinned versions, as `npm run remotes -- use` renders them
  // (from a store: the pages rendered there, which the server keeps up to date with it).
  const pagesDir = site ? site.pagesDir : prerenderDir(registryFile);
  if (site) {
    console.log(`Registry and pages from ${values.remotes} (the browser reads ${site.registryUrl})`);
  } else {
    try {
      const summary = await prerenderEnvironment({ registryFile, outDir: pagesDir, ...localSources() });
      const { info, warnings } = describePrerender(summary.routes, pagesDir);
      console.log(info);
      for (const warning of warnings) console.warn(`⚠ ${warning}`);
    } catch (error) {
      console.warn(
        `⚠ not prerendered (every route renders in the browser): ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  const certificate = values.http1 ? undefined : await localCertificate();
  const tls = certificate && { key: certificate.key, cert: certificate.cert };
  const scheme = tls ? 'https' : 'http';
  for (const app of served) {
    const server = createStaticServer({
      tls,
      publicHost: values['public-host'],
      root: join(appDir(app), 'dist'),
      spa: true,
      cors: app.kind === 'remote',
      apiTarget,
      telemetryTarget,
      files: app.kind === 'host' && !site ? { '/remotes.json': registryFile } : undefined,
      store: app.kind === 'host' ? site : undefined,
      mounts: app.kind === 'host' ? { '/deploy/': join(ROOT, '.deploy') } : undefined,
      pages: app.kind === 'host' ? { dir: pagesDir, template: join(appDir(app), 'dist', 'index.html') } : undefined,
    });
    await listen(server, app.port);
  }
  const rows = [
    ...served.map((app) => [app.id, `${scheme}://localhost:${app.port}/`]),
    ...(prometheus
      ? [['prometheus', `${prometheus.url}/ (scrapes ${COLLECTOR.id}'s metrics every ${SCRAPE_SECONDS} s)`]]
      : []),
  ];
  const width = Math.max(9, ...rows.map(([id]) => id.length));
  const lines = rows.map(([id, address]) => `  ${id.padEnd(width)} ${address}`);
  const protocol = tls ? 'HTTP/2' : 'HTTP/1.1';
  console.log(
    `\nDevHub production preview (${protocol}${values.remotes ? `, remotes: ${values.remotes}` : ''}):\n${lines.join('\n')}\n`,
  );
  if (certificate) {
    console.log(
      `The certificate is made for this machine (${certificate.certFile}): let the browser accept it once, or trust that file.\n`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
