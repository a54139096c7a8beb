import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  DevServer,
  DevServerMiddleware,
  DevServerMiddlewareHandler,
  DevServerProxyConfigArrayItem,
} from '@rspack/core';
import { WORKSPACE_ROOT } from './app.ts';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';

// What the dev servers serve besides the bundle, with the dev server's own means: the /api and
// /api/telemetry proxies of every app, and the shell's registry and deploy folder. The preview server
// (scripts/lib/static-server.mjs) is of the ops layer, which the build does not import.

export const REGISTRY_PATH = '/remotes.json';

/** Where the telemetry collector takes beacons: proxied there, ahead of the rest of /api. */

/**
 * The dev server's proxies, in the order it tries them (the first whose path matches answers):
 * POST /api/telemetry to the collector, then the rest of /api to the auth API.
 */
export function apiProxies(targets: { api: string; telemetry: string }): DevServerProxyConfigArrayItem[] {
  return [serviceProxy(TELEMETRY_PATH, targets.telemetry), apiProxy(targets.api)];
}

/** The /api proxy to the auth API at `target`. */
export function apiProxy(target: string): DevServerProxyConfigArrayItem {
  return serviceProxy('/api', target);
}

/** A proxy of `path` and what is under it to the service at `target`. */
function serviceProxy(path: string, target: string): DevServerProxyConfigArrayItem {
  return {
    context: [path],
    target,
    changeOrigin: true,
    on: {
      // The auth API limits sign-in attempts per client, and the collector beacons, by the one
      // X-Forwarded-For entry its adjacent proxy (this server) adds; the proxy's own `xfwd` would keep a
      // header the client wrote. The socket's address replaces it: neither reads an entry left of it.
      proxyReq: (proxyRequest, request) =>
        proxyRequest.setHeader('x-forwarded-for', request.socket.remoteAddress ?? ''),
    },
  };
}

/**
 * The shell's dev server serves the registry file `npm start` hands it (DEVHUB_REGISTRY_FILE): the
 * local environment's, derived from the workspace, or another environment's (`npm start --
 * --remotes preview`). It also serves the local deploy folder under /deploy/, for entries pinned
 * to published versions.
 */
export function shellServing(registryFile: string | undefined): Pick<DevServer, 'static' | 'setupMiddlewares'> {
  return {
    static: [{ directory: join(WORKSPACE_ROOT, '.deploy'), publicPath: '/deploy/', watch: false }],
    setupMiddlewares: (middlewares) =>
      aheadOfBundle(middlewares, { name: 'devhub-registry', middleware: registryFileHandler(registryFile) }),
  };
}

/** Answers /remotes.json with `file`, read again on each request so a `remotes use` shows at the next reload. */
export function registryFileHandler(file: string | undefined): DevServerMiddlewareHandler {
  return async (req, res, next) => {
    const { pathname } = new URL(req.url ?? '/', 'http://dev-server');
    if (pathname !== REGISTRY_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const missing = (line: string) => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${line}\n`);
    };
    // The shell's dev server started alone: the local registry is npm start's to derive.
    if (!file)
      return missing('no registry: start the shell with npm start, which derives the local one from the workspace');
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return next(error);
      return missing(`${file} (DEVHUB_REGISTRY_FILE) does not exist`);
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', bytes.byteLength);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  };
}

/**
 * `middlewares` with `added` ahead of the bundle the dev server serves from memory (which holds
 * its public folder's files), behind the server's host check and `headers`.
 */
export function aheadOfBundle(middlewares: DevServerMiddleware[], added: DevServerMiddleware): DevServerMiddleware[] {
  const bundle = middlewares.findIndex(
    (middleware) => typeof middleware !== 'function' && middleware.name === '@rspack/dev-middleware',
  );
  return bundle === -1
    ? [added, ...middlewares]
    : [...middlewares.slice(0, bundle), added, ...middlewares.slice(bundle)];
}
