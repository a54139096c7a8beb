// @ts-check
// The workspace's apps as each describes itself in its package.json (`devhub`: name, kind, port),
// the same fields the build reads (rspack/app.ts).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORKSPACE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @typedef {object} WorkspaceApp
 * @property {string} name  federation name ("shell", "catalog", …)
 * @property {'host' | 'remote' | 'api' | 'collector'} kind  the shell, a remote, the auth API, the
 *   telemetry collector
 * @property {number} port  its dev server's port (a service's: the port it listens on)
 * @property {number} [metricsPort]  a collector's: the port of its metrics, which no public server proxies
 * @property {string} dir  its folder, relative to the workspace root
 * @property {string} packageName
 */

const APP_KINDS = ['host', 'remote', 'api', 'collector'];

/** @returns {string[]} the folders of the workspace's packages, as the root package.json lists them */
export function workspaceDirs(root = WORKSPACE_ROOT) {
  /** @type {{ workspaces: string[] }} */
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return rootPackage.workspaces;
}

/** @returns {WorkspaceApp[]} every app of the workspace, in the order of its `workspaces` */
export function workspaceApps(root = WORKSPACE_ROOT) {
  return workspaceDirs(root).flatMap((dir) => {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const devhub = pkg.devhub;
    if (!devhub || !APP_KINDS.includes(devhub.kind)) return [];
    const { name, kind, port, metricsPort } = devhub;
    return [{ name, kind, port, ...(metricsPort === undefined ? {} : { metricsPort }), dir, packageName: pkg.name }];
  });
}

/**
 * @returns {string[]} the folders of the apps a browser runs (the shell and every remote), in the
 *   order of the workspaces: the one list the lint boundaries, the Jest projects, the browser
 *   tests' stack and the bench read
 */
export function browserAppDirs(root = WORKSPACE_ROOT) {
  return browserApps(root).map((app) => app.dir);
}

/** @returns {WorkspaceApp[]} the shell and every remote: the apps a browser runs, each with a dev server */
export function browserApps(root = WORKSPACE_ROOT) {
  // Named, not "all but the services": a kind added later is no browser app until it says so.
  return workspaceApps(root).filter((app) => app.kind === 'host' || app.kind === 'remote');
}

/** @returns {Record<string, string>} each remote's folder, by its federation name ("catalog" → "remote-catalog") */
export function remoteDirs(root = WORKSPACE_ROOT) {
  return Object.fromEntries(remoteApps(root).map((app) => [app.name, app.dir]));
}

/** @returns {WorkspaceApp[]} the remotes, each a separately built and deployed app */
export function remoteApps(root = WORKSPACE_ROOT) {
  return workspaceApps(root).filter((app) => app.kind === 'remote');
}
