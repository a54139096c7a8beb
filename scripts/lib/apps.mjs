// The apps `npm start` and `npm run preview` run (the browser apps, the auth API, the telemetry
// collector), with their default ports, as each app's package.json (`devhub`) gives them, and
// where their builds land.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT, browserApps, remoteApps, workspaceApps, workspaceDirs } from './workspace.mjs';

export const ROOT = WORKSPACE_ROOT;

export const APPS = browserApps().map(({ name, dir, port, kind }) => ({ id: name, dir, port, kind }));

const api = workspaceApps().find((app) => app.kind === 'api');
if (!api) throw new Error('no workspace package declares "devhub": { "kind": "api" } (auth-api/package.json)');
export const API = { id: api.name, dir: api.dir, port: api.port };

const collector = workspaceApps().find((app) => app.kind === 'collector');
if (!collector?.metricsPort)
  throw new Error(
    'no workspace package declares "devhub": { "kind": "collector", "metricsPort": … } (telemetry/package.json)',
  );
/** The telemetry collector: beacons on `port`, which the public servers proxy, metrics on `metricsPort`, which none does. */
export const COLLECTOR = {
  id: collector.name,
  dir: collector.dir,
  port: collector.port,
  metricsPort: collector.metricsPort,
};

export function appDir(app) {
  return join(ROOT, app.dir);
}

/**
 * Whether a remote has a page yet: `new-remote` makes one without, and `new-page` writes each
 * page's expose file in src/app/exposes/. A build exposing nothing has no container to serve.
 *
 * @param {{ dir: string }} app
 * @param {string} [root]
 */
export function hasPages(app, root = ROOT) {
  const exposes = join(root, app.dir, 'src', 'app', 'exposes');
  return existsSync(exposes) && readdirSync(exposes).some((file) => /\.[jt]sx?$/.test(file));
}

/** The collector's metrics port, as a port setting names it. */
const METRICS_ID = `${COLLECTOR.id}-metrics`;

/** Every port `npm start` and `npm run preview` listen on, by setting id, with its default. */
export const DEFAULT_PORTS = Object.fromEntries([
  ...[...APPS, API, COLLECTOR].map(({ id, port }) => [id, port]),
  [METRICS_ID, COLLECTOR.metricsPort],
]);

/** How each port is chosen: a command-line flag, else an environment variable, else the default. */
export const PORT_SETTINGS = Object.keys(DEFAULT_PORTS).map((id) => {
  const short = id === API.id ? 'api' : id;
  return { id, flag: `${short}-port`, env: `DEVHUB_${short.toUpperCase().replaceAll('-', '_')}_PORT` };
});

export class PortError extends Error {
  name = 'PortError';
}

/**
 * The apps, the API and the collector with their ports taken from `flags` (parsed `--<app>-port`
 * values) or `env` (`DEVHUB_<APP>_PORT`). Throws a PortError naming the setting for a port that is
 * not an integer from 1 to 65535, or for two of them given the same port.
 */
export function withPorts(flags = {}, env = {}) {
  const ports = {};
  for (const { id, flag, env: name } of PORT_SETTINGS) {
    const [source, raw] = flags[flag] !== undefined ? [`--${flag}`, flags[flag]] : [name, env[name]];
    if (raw === undefined || raw === '') continue;
    const port = Number(raw);
    if (!/^\d+$/.test(String(raw).trim()) || port < 1 || port > 65_535) {
      throw new PortError(`${source} must be a port number from 1 to 65535, got "${raw}"`);
    }
    ports[id] = port;
  }
  const apps = APPS.map((app) => ({ ...app, port: ports[app.id] ?? app.port }));
  const api = { ...API, port: ports[API.id] ?? API.port };
  const collector = {
    ...COLLECTOR,
    port: ports[COLLECTOR.id] ?? COLLECTOR.port,
    metricsPort: ports[METRICS_ID] ?? COLLECTOR.metricsPort,
  };
  const seen = new Map();
  for (const { id, port } of [...apps, api, collector, { id: METRICS_ID, port: collector.metricsPort }]) {
    if (seen.has(port)) throw new PortError(`${seen.get(port)} and ${id} cannot both use port ${port}`);
    seen.set(port, id);
  }
  return { apps, api, collector };
}

/**
 * The one line said of a remote `hasPages` says has none, when `npm start` or `npm run preview`
 * leaves it out (`doing`: "started", "served").
 *
 * @param {{ id: string, dir: string }} app
 * @param {string} doing
 */
export const noPageYetLine = (app, doing) =>
  `⚠ ${app.dir} has no page yet, so it is not ${doing}: add its first with "npm run new-page -- ${app.id} /<path> --title <title>"`;

/**
 * What `npm run build` builds: every workspace with a build script, in the workspaces' order, as
 * `npm run build --workspaces --if-present` would, but a remote without a page yet, whose own build
 * refuses it (a build exposing nothing makes no container): that one is said in `skipped`.
 *
 * @param {string} [root]
 * @returns {{ build: string[], skipped: string[] }}
 */
export function buildPlan(root = ROOT) {
  const remotes = new Map(remoteApps(root).map((app) => [app.dir, app]));
  /** @type {string[]} */
  const build = [];
  /** @type {string[]} */
  const skipped = [];
  for (const dir of workspaceDirs(root)) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    if (!pkg.scripts?.build) continue;
    const remote = remotes.get(dir);
    if (remote && !hasPages(remote, root)) skipped.push(noPageYetLine({ id: remote.name, dir }, 'built'));
    else build.push(dir);
  }
  return { build, skipped };
}
