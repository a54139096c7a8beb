// The workspace's apps, their ports (DESIGN.md) and where their builds land.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const APPS = [
  { id: 'shell', dir: 'shell', port: 3000, kind: 'host' },
  { id: 'catalog', dir: 'remote-catalog', port: 3001, kind: 'remote' },
  { id: 'auth', dir: 'remote-auth', port: 3002, kind: 'remote' },
  { id: 'account', dir: 'remote-account', port: 3003, kind: 'remote' },
];

export const API = { id: 'auth-api', dir: 'auth-api', port: 4000 };

export function appDir(app) {
  return join(ROOT, app.dir);
}

/** How each app's port is chosen: a command-line flag, else an environment variable, else the default. */
export const PORT_SETTINGS = [
  { id: 'shell', flag: 'shell-port', env: 'DEVHUB_SHELL_PORT' },
  { id: 'catalog', flag: 'catalog-port', env: 'DEVHUB_CATALOG_PORT' },
  { id: 'auth', flag: 'auth-port', env: 'DEVHUB_AUTH_PORT' },
  { id: 'account', flag: 'account-port', env: 'DEVHUB_ACCOUNT_PORT' },
  { id: 'auth-api', flag: 'api-port', env: 'DEVHUB_API_PORT' },
];

export class PortError extends Error {
  name = 'PortError';
}

/**
 * The apps and the API with their ports taken from `flags` (parsed `--<app>-port` values) or
 * `env` (`DEVHUB_<APP>_PORT`). Throws a PortError naming the setting for a port that is not an
 * integer from 1 to 65535, or for two apps given the same port.
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
  const seen = new Map();
  for (const { id, port } of [...apps, api]) {
    if (seen.has(port)) throw new PortError(`${seen.get(port)} and ${id} cannot both use port ${port}`);
    seen.set(port, id);
  }
  return { apps, api };
}
