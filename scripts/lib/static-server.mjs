// The production static server: the same one serves `npm run preview`, the browser tests and the
// benchmark, so all three see the same headers. Fastify over HTTP/2 with TLS (HTTP/1.1 to a client
// that asks for it), or plain HTTP/1.1 (static-server-connections.mjs); @fastify/static sends the
// files (ranges, ETags, the build's brotli/gzip copies, streams closed when the client goes);
// @fastify/helmet and static-server-headers.mjs the headers of every answer. Here: which file
// answers a path (prerendered page, registry file, mounts, SPA fallback) and each page's
// Content-Security-Policy, made from the served build's own scripts; the /api and /api/telemetry
// proxies are @fastify/http-proxy, configured in static-server-api-proxy.mjs.
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { prerenderedPages } from './prerender-pages.mjs';
import { registerApiProxy, TELEMETRY } from './static-server-api-proxy.mjs';
import { closeSilentConnections, DEFAULT_LIMITS, fastifyOptions } from './static-server-connections.mjs';
import { pagePolicies } from './static-server-csp.mjs';
import {
  cacheControlFor,
  decodedPath,
  fileInside,
  isHidden,
  narrowAcceptEncoding,
  statWithCopies,
} from './static-server-files.mjs';
import { addProjectHeaders, helmetOptions, SVG_POLICY } from './static-server-headers.mjs';
import { trustedScripts } from './static-server-trusted-scripts.mjs';

/**
 * @typedef {object} StaticOptions
 * @property {string} [root]          directory to serve (none: only `files` and `mounts`); its
 *   index.html is the build whose scripts every HTML page it sends may run, and no other
 * @property {boolean} [spa]          unknown paths without an extension get index.html
 * @property {boolean} [cors]         allow any origin (remotes are fetched cross-origin); never on /api
 * @property {Record<string,string>} [files]  URL path → file served instead (e.g. /remotes.json)
 * @property {Record<string,string>} [mounts] URL prefix → directory (e.g. the deploy folder)
 * @property {string} [apiTarget]     proxy /api/* there
 * @property {string} [telemetryTarget]  proxy /api/telemetry and what is under it there (the
 *   collector), ahead of apiTarget
 * @property {{ dir: string, template: string }} [pages]  prerendered pages (prerender-pages.mjs),
 *   served for a path without extension or query string while they match the served shell build
 *   (`template`, its index.html)
 * @property {string} [publicHost]    the site's public host name: the only one HSTS is sent for
 * @property {boolean} [timingAllowOrigin]  send `Timing-Allow-Origin: *` (a benchmark's servers only)
 * @property {{ registryUrl: string, registryFile: string, origin: string, revalidate: () => void }} [store]
 *   a registry on object storage (storage-site.mjs storeSite): /remotes.json is redirected to it, so
 *   the browser reads it from the store, each page's policy allows the store's origin, and a page is
 *   chosen from the last good local copy of the pages (`pages.dir`) while `revalidate` brings them
 *   up to date in the background
 * @property {import('./static-server-connections.mjs').Limits} [limits]
 */

/** Set on a request once it was given the shell's page, so a missing index.html is not looked for twice. */
const FELL_BACK = Symbol('fell back');

/**
 * A plugin whose hooks and handlers apply to the whole app (what fastify-plugin marks), in the
 * order it is registered: after helmet's headers, before the files.
 *
 * @template {(...args: any[]) => unknown} T
 * @param {T} plugin
 */
const shared = (plugin) => Object.assign(plugin, { [Symbol.for('skip-override')]: true });

/**
 * The fastify app of a static server, over HTTP/2 with TLS when `tls` is given, else HTTP/1.1.
 *
 * @param {StaticOptions & { tls?: { key: string, cert: string } }} options
 */
function createApp({ tls, limits: givenLimits, ...options }) {
  const limits = { ...DEFAULT_LIMITS, ...givenLimits };
  const root = options.root ? resolve(options.root) : null;
  const template = options.pages?.template ?? (root ? join(root, 'index.html') : undefined);
  const scripts = trustedScripts({ template });
  const pageOf = options.pages ? prerenderedPages(options.pages, statWithCopies) : undefined;
  // The registry served with the page: the origins its remotes may come from.
  const policyOf = pagePolicies({
    registryFile: options.store?.registryFile ?? options.files?.['/remotes.json'],
    origins: options.store ? [options.store.origin] : [],
    scripts,
  });

  const app = Fastify(fastifyOptions(tls, limits));
  closeSilentConnections(app.server, Boolean(tls), limits);

  app.register(helmet, helmetOptions(options));
  const { publicHost, cors, timingAllowOrigin } = options;
  const headers = { tls: Boolean(tls), publicHost, cors, timingAllowOrigin };

  app.register(
    shared(async (instance) =>
      instance.addHook('onRequest', async (request, reply) => addProjectHeaders(request, reply, headers)),
    ),
  );
  if (options.telemetryTarget) registerApiProxy(app, options.telemetryTarget, limits.apiMs, TELEMETRY);
  if (options.apiTarget) registerApiProxy(app, options.apiTarget, limits.apiMs);

  app.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    index: false,
  });

  app.register(shared(async (instance) => routes(instance)));

  /** The file that answers a path, or null. */
  async function locate(pathname) {
    if (isHidden(pathname)) return null;
    const named = options.files?.[pathname];
    if (named) return fileInside(dirname(resolve(named)), basename(named));
    for (const [prefix, dir] of Object.entries(options.mounts ?? {})) {
      if (pathname.startsWith(prefix)) return fileInside(dir, pathname.slice(prefix.length));
    }
    return root ? fileInside(root, pathname) : null;
  }

  /** The prerendered page of a path, if there is one for the served build. */
  async function prerendered(encodedPath) {
    const page = await pageOf?.(encodedPath);
    if (!page) return undefined;
    return { file: relative(page.dir, page.path).split(sep).join('/'), ...page };
  }

  /** Sends a located file with this project's headers; `servedPath` names it for the cache policy. */
  async function sendLocated(reply, located, servedPath) {
    reply.header('Cache-Control', cacheControlFor(servedPath));
    if (located.compressible) reply.header('Vary', 'Accept-Encoding');
    narrowAcceptEncoding(reply.request.headers, located.encodings);
    if (located.path.endsWith('.html')) reply.header('Content-Security-Policy', await policyOf());
    else if (located.path.endsWith('.svg')) reply.header('Content-Security-Policy', SVG_POLICY);
    return reply.sendFile(located.file, located.dir);
  }

  /** The shell's page for a client route, or nothing (a missing file, any other method). */
  async function fallback(request, reply) {
    const path = decodedPath(request.url);
    const canFallBack =
      path &&
      !extname(path.pathname) &&
      !isHidden(path.pathname) &&
      (request.method === 'GET' || request.method === 'HEAD');
    const index =
      canFallBack && root && options.spa && !request[FELL_BACK] ? await fileInside(root, 'index.html') : null;
    if (index) {
      request[FELL_BACK] = true;
      return sendLocated(reply, index, '/index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send('Not found');
  }

  function routes(instance) {
    instance.setNotFoundHandler(fallback);

    instance.setErrorHandler((error, request, reply) => {
      request.log.warn({ req: request.raw, err: error });
      if (reply.sent || reply.raw.headersSent) {
        reply.raw.destroy();
        return;
      }
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      reply.code(status).type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache');
      reply.send(status === 500 ? 'Server error' : 'Bad Request');
    });

    instance.all('*', async (request, reply) => {
      if (request.method === 'OPTIONS') return reply.code(204).send();
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(405).header('Allow', 'GET, HEAD').send();
      }
      const path = decodedPath(request.url);
      if (!path) return reply.code(400).type('text/plain; charset=utf-8').send('Bad Request');
      if (options.store && path.pathname === '/remotes.json') {
        return reply.code(307).header('Location', options.store.registryUrl).header('Cache-Control', 'no-cache').send();
      }
      // The last good copy now; the store is read again meanwhile, for the next request.
      if (options.store && !extname(path.pathname)) options.store.revalidate();
      // A query string may change what the page shows: such a request gets the page the browser renders.
      const page = pageOf && !extname(path.pathname) && !path.search ? await prerendered(path.encoded) : undefined;
      if (page) return sendLocated(reply, page, '/index.html');
      const located = await locate(path.pathname);
      if (located) return sendLocated(reply, located, path.pathname);
      return fallback(request, reply);
    });
  }

  return app;
}

/** The fastify app behind each server of createStaticServer. */
const apps = new WeakMap();

/**
 * A static server, not yet listening (see `listen`): over HTTP/2 with TLS when `tls` is given
 * (HTTP/1.1 to a client that asks for it), else plain HTTP/1.1.
 *
 * @param {StaticOptions & { tls?: { key: string, cert: string } }} options
 * @returns {import('node:http').Server | import('node:http2').Http2SecureServer}
 */
export function createStaticServer(options) {
  const app = createApp(options);
  apps.set(app.server, app);
  return app.server;
}

/** Stops a server of createStaticServer (or any Node server), ending its open connections. */
export async function closeServer(server) {
  const app = apps.get(server);
  if (app) {
    await app.close();
    return;
  }
  await new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    server.closeAllConnections?.();
  });
}

/**
 * Starts a server of createStaticServer (or any Node server) on `port` (0: any free one).
 *
 * @returns {Promise<number>}  the port it listens on
 */
export async function listen(server, port, host = 'localhost') {
  const app = apps.get(server);
  if (app) {
    await app.listen({ port, host, listenTextResolver: () => '' });
    return app.server.address().port;
  }
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise(server.address().port);
    });
  });
}
