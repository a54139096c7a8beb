import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { requiredRange } from '@devhub/contracts/compatibility';
import { WORKSPACE_ROOT, readPackageJson, type App } from './app.ts';

/**
 * Exports of react-router that any app may use (declarative routing only: no data router).
 * The shell ships react-router cut down to these (production builds) instead of the whole
 * package. ESLint reads the same file and rejects any other import of react-router, and every
 * build's compatibility record lists the react-router exports it ships or imports, so the remotes
 * CLI refuses a remote that needs one the shell does not ship.
 */
export const REACT_ROUTER_EXPORTS: string[] = JSON.parse(
  readFileSync(join(WORKSPACE_ROOT, 'react-router-exports.json'), 'utf8'),
) as string[];

const SHARED_PACKAGE_DIR = join(WORKSPACE_ROOT, 'shared');

/** Third-party singletons: the share name (an import request) and the package it belongs to. */
const LIBRARIES: ReadonlyArray<[request: string, pkg: string]> = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react-router', 'react-router'],
  ['zustand', 'zustand'],
  ['react-hot-toast', 'react-hot-toast'],
  ['axios', 'axios'],
  ['react-hook-form', 'react-hook-form'],
];

/**
 * What every page of the shell needs before its first render: the shell provides these in its
 * initial chunk (eagerly) instead of one chunk each after it. (react-router is shared cut down,
 * which federation does not allow for an eager module.)
 */
const EAGER_IN_HOST = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@devhub/shared/browser-storage',
  '@devhub/shared/constants',
  '@devhub/shared/icon',
  '@devhub/shared/remote-contract',
  '@devhub/shared/safe-redirect',
  '@devhub/shared/session-store',
  '@devhub/shared/strings',
  '@devhub/shared/use-content-ready',
  '@devhub/shared/use-page-title',
]);

export interface Singleton {
  /** The share name: the request apps import it by. */
  request: string;
  pkg: string;
  /** The version installed for the app (what it is built against). */
  version: string;
  /** What the app accepts at runtime: the feature level it was built with, same major. */
  requiredVersion: string;
  /** The only exports shipped, when the library is shared cut down. */
  shippedExports?: string[];
  /** Provided in the app's initial chunk. */
  eager?: boolean;
}

function installedVersion(appDir: string, pkg: string): string {
  const require = createRequire(join(appDir, 'package.json'));
  return (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;
}

/**
 * The one list of federation singletons. Every app builds with exactly this list, so the shell and
 * the remotes negotiate one React, one router, one store and one toaster. The workspace package
 * @devhub/shared is shared per entry point (its package.json `exports`), because consumers import
 * its entries, never a barrel. An app that does not depend on a library neither provides nor
 * consumes it.
 */
export function sharedSingletons(app: App, isProduction: boolean): Singleton[] {
  const sharedPkg = readPackageJson(SHARED_PACKAGE_DIR) as { name: string; exports?: Record<string, string> };
  const entries: Array<[string, string]> = [
    ...LIBRARIES,
    ...Object.keys(sharedPkg.exports ?? {})
      .filter((sub) => !sub.endsWith('.css') && !sub.endsWith('.json'))
      .map((sub): [string, string] => [`${sharedPkg.name}/${sub.slice(2)}`, sharedPkg.name]),
  ];
  const unknown = [...EAGER_IN_HOST].filter((request) => !entries.some(([known]) => known === request));
  if (unknown.length > 0) throw new Error(`eager singletons that are not shared: ${unknown.join(', ')}`);
  return entries
    .filter(([, pkg]) => pkg in app.dependencies)
    .map(([request, pkg]) => {
      const version = installedVersion(app.dir, pkg);
      return {
        request,
        pkg,
        version,
        requiredVersion: requiredRange(version),
        ...(app.kind === 'host' && EAGER_IN_HOST.has(request) ? { eager: true } : {}),
        // MF's shared tree shaking is experimental and breaks development builds: production only.
        ...(request === 'react-router' && isProduction ? { shippedExports: REACT_ROUTER_EXPORTS } : {}),
      };
    });
}
