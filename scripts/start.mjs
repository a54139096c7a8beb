// `npm start`: the auth API, the telemetry collector and every app's dev server in one terminal,
// then a banner.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  APPS,
  DEFAULT_PORTS,
  PORT_SETTINGS,
  PortError,
  ROOT,
  appDir,
  hasPages,
  noPageYetLine,
  withPorts,
} from './lib/apps.mjs';
import { CliError, parseCli, runCli } from './lib/cli.mjs';
import { PackageBinError, packageBin } from '../rspack/package-bin.mjs';
import { ProcessGroup, isPortFree, waitForPort } from './lib/processes.mjs';
import { localRegistry, temporaryRegistryFile } from './lib/local-registry.mjs';
import { readRegistry, registryPath } from './lib/registry-file.mjs';

/** An option in the help's first column; one too long for it has its description on the next line. */
const column = (text) => (text.length < 26 ? text.padEnd(26) : `${text}\n${' '.repeat(26)}`);

const USAGE = `usage: npm start [-- [--remotes <env> [--local <remote>[,<remote>…]]] [--<app>-port <port>…]]
  --remotes <env>         run the shell against shell/public/remotes.<env>.json (or DEVHUB_REMOTES)
  --local <names>         with --remotes: serve these remotes from local dev servers instead
${PORT_SETTINGS.map(({ id, flag, env }) => column(`  --${flag} <port>`) + `${id} (or ${env}; default ${DEFAULT_PORTS[id]})`).join('\n')}
  -h, --help              this help`;

/** The local dev server's origin of a remote app. */
const localOrigin = (app) => `http://localhost:${app.port}`;
const defaultOf = (app) => APPS.find((known) => known.id === app.id);

/**
 * Which apps run locally, and the registry the shell's dev server serves, written to a temporary
 * file: by default every remote of the workspace at its dev server (local-registry.mjs); with
 * --remotes, that environment's pins, except the remotes named in --local.
 */
function plan(values, allApps) {
  const env = values.remotes ?? process.env.DEVHUB_REMOTES;
  const local = (values.local ?? process.env.DEVHUB_LOCAL ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const remotes = allApps.filter((app) => app.kind === 'remote');
  const unknown = local.filter((name) => !remotes.some((app) => app.id === name));
  if (unknown.length > 0)
    throw new CliError(
      `unknown remote(s) for --local: ${unknown.join(', ')} (known: ${remotes.map((app) => app.id).join(', ')})`,
    );
  if (!env && local.length > 0) throw new CliError('--local only makes sense with --remotes <env>');
  if (!env) return { apps: allApps, registryFile: temporaryRegistryFile(localRegistry(remotes)), env: 'local' };

  const localRemotes = remotes.filter((app) => local.includes(app.id));
  const registry = readRegistry(registryPath(env));
  if (localRemotes.length > 0) {
    // Dev servers and their localhost origins: a developer's machine, the one environment that allows them.
    const dev = localRegistry(localRemotes);
    Object.assign(registry.remotes, dev.remotes);
    registry.environment = dev.environment;
    // A local remote moved off its documented port is allowed as an override from its new origin instead.
    const moved = localRemotes
      .filter((app) => app.port !== defaultOf(app).port)
      .map((app) => localOrigin(defaultOf(app)));
    registry.allowedOverrideOrigins = [
      ...new Set([
        ...registry.allowedOverrideOrigins.filter((origin) => !moved.includes(origin)),
        ...dev.allowedOverrideOrigins,
      ]),
    ];
  }
  return {
    apps: allApps.filter((app) => app.kind === 'host' || localRemotes.includes(app)),
    registryFile: temporaryRegistryFile(registry),
    env,
  };
}

async function main() {
  const { values } = parseCli({
    usage: USAGE,
    options: {
      remotes: { type: 'string' },
      local: { type: 'string' },
      ...Object.fromEntries(PORT_SETTINGS.map(({ flag }) => [flag, { type: 'string' }])),
    },
  });
  const rspackCli = packageBin('@rspack/cli');
  const { apps: workspaceApps, api, collector } = withPorts(values, process.env);
  // A remote new-remote just made builds once it has a page: the others start without it.
  const pageless = workspaceApps.filter((app) => app.kind === 'remote' && !hasPages(app));
  for (const app of pageless) {
    console.warn(noPageYetLine(app, 'started'));
  }
  const allApps = workspaceApps.filter((app) => !pageless.includes(app));
  const { apps, registryFile, env } = plan(values, allApps);
  const shell = apps.find((app) => app.kind === 'host');

  const busy = [];
  const services = [api, collector, { id: `${collector.id} metrics`, port: collector.metricsPort }];
  for (const { id, port } of [...apps, ...services]) {
    if (!(await isPortFree(port))) busy.push(`${id} (${port})`);
  }
  if (busy.length > 0) {
    console.error(
      `Ports already in use: ${busy.join(', ')}. Stop whatever runs there (another "npm start"?) and retry.`,
    );
    process.exit(1);
  }

  // The auth API and the collector are TypeScript compiled by tsc; a fresh clone has no build yet.
  // Incremental, as `npm run build` is: nothing is written when dist/ is up to date, so a preview or
  // test stack running from the same dist/ beside this one is never left without its files.
  const build = spawnSync(
    process.execPath,
    [
      packageBin('typescript', { name: 'tsc' }),
      '-b',
      ...[api, collector].map((service) => join(service.dir, 'tsconfig.build.json')),
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error(`Could not build ${api.id} or ${collector.id} (see above).`);
    process.exit(build.status ?? 1);
  }

  const group = new ProcessGroup();
  group.run(api.id, process.execPath, ['dist/main.js'], {
    cwd: join(ROOT, api.dir),
    env: { ...process.env, PORT: String(api.port) },
  });
  // Labels its metrics by what the registry the shell serves names, read again as it changes.
  group.run(collector.id, process.execPath, ['dist/main.js'], {
    cwd: join(ROOT, collector.dir),
    env: {
      ...process.env,
      PORT: String(collector.port),
      METRICS_PORT: String(collector.metricsPort),
      DEVHUB_REGISTRY_FILE: registryFile,
    },
  });
  for (const app of apps) {
    group.run(app.id, process.execPath, [rspackCli, 'serve', '--port', String(app.port)], {
      cwd: appDir(app),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        // Every dev server proxies /api to this run's auth API, /api/telemetry to its collector.
        DEVHUB_API_URL: `http://localhost:${api.port}`,
        DEVHUB_TELEMETRY_URL: `http://localhost:${collector.port}`,
        ...(registryFile ? { DEVHUB_REGISTRY_FILE: registryFile } : {}),
      },
    });
  }

  await Promise.all([...apps, ...services].map(({ port }) => waitForPort(port)));
  const rows = [
    ...apps.map((app) => `  ${app.id.padEnd(9)} http://localhost:${app.port}/`),
    `  ${api.id.padEnd(9)} http://localhost:${api.port}/api/health`,
    `  ${collector.id.padEnd(9)} POST /api/telemetry, metrics at http://localhost:${collector.metricsPort}/metrics`,
  ];
  const source =
    env === 'local'
      ? 'all remotes local'
      : `remotes from "${env}"${
          apps.length > 1
            ? `, local: ${apps
                .filter((app) => app.kind === 'remote')
                .map((app) => app.id)
                .join(', ')}`
            : ''
        }`;
  console.log(
    `\nDevHub is running (${source}):\n${rows.join('\n')}\n\nOpen http://localhost:${shell.port}/ — Ctrl-C stops everything.\n`,
  );
}

runCli('start', main, { known: [PortError, PackageBinError] });
