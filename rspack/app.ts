import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteRouteTable } from '@devhub/shared/remote-contract';

export const WORKSPACE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What an app says of itself in its package.json (`devhub`), read by the build and the scripts alike. */
export interface App {
  dir: string;
  /** Federation container name, CSS class prefix and the remote's name in the registry. */
  name: string;
  kind: 'host' | 'remote';
  /** Its dev server's port. */
  port: number;
  packageName: string;
  version: string;
  dependencies: Record<string, string>;
  /** A remote: its route table (`src/app/routes.ts`), which its rspack.config.ts hands to the build. */
  routes?: RemoteRouteTable;
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devhub?: { name?: string; kind?: string; port?: number };
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

export function readApp(dir: string): App {
  const pkg = readPackageJson(dir);
  const { name, kind, port } = pkg.devhub ?? {};
  if (!name || (kind !== 'host' && kind !== 'remote') || typeof port !== 'number') {
    throw new Error(`${join(dir, 'package.json')}: "devhub" must give the app's name, kind (host or remote) and port`);
  }
  return {
    dir,
    name,
    kind,
    port,
    packageName: pkg.name,
    version: pkg.version,
    dependencies: pkg.dependencies ?? {},
  };
}
