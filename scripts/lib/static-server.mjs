// The production static server: the same one serves `npm run preview`, the browser tests and the
// benchmark, so all three see the same headers. Fastify over HTTP/2 with TLS (HTTP/1.1 to a client
// that asks for it), or plain HTTP/1.1; @fastify/static sends the files (ranges, ETags, the
// build's brotli/gzip copies, streams closed when the client goes); @fastify/helmet the security
// headers. What is this project's own sits in small plugins below: which file answers a path
// (prerendered page, registry file, mounts, SPA fallback), its cache policy, CORS for the
// remotes, HSTS for a real host name, each page's Content-Security-Policy, and the /api proxy.
import { promises as fs } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { isIP } from 'node:net';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { prerenderedPages } from './prerender-pages.mjs';
import { pagePolicies } from './static-server-csp.mjs';
import { PRECOMPRESSED_EXTENSIONS } from './static-server-precompress.mjs';

/** Header block limit, HTTP/1.1 and HTTP/2 alike: far above what a browser sends. */
const HEADER_LIMIT = 16 * 1024;

/** Streams one HTTP/2 connection may have open at once (Node's default advertises 2^32−1). */
const MAX_CONCURRENT_STREAMS = 128;

/**
 * @typedef {object} Limits
 * @property {number} [idleMs]     an idle HTTP/2 session or keep-alive connection is closed after this
 * @property {number} [headersMs]  a request's headers must arrive within this; a connection that sends none is closed
 */
const DEFAULT_LIMITS = { idleMs: 60_000, headersMs: 30_000 };

/** Files whose name changes with their content may be cached forever; anything else is revalidated. */
export function cacheControlFor(urlPath) {
  const base = urlPath.split('/').pop() ?? '';
  if (/\.[0-9a-f]{8}\.(js|css)$/.test(base) || /^assets\/.*\.[0-9a-f]{8}\./.test(urlPath.replace(/^\/+/, ''))) {
    return 'public, max-age=31536000, immutable';
  }
  // A published remote version (`<remote>/<semver>/…`) never changes; its manifest stays
  // revalidated so a host can always see what a version really contains.
  if (/\/\d+\.\d+\.\d+[^/]*\//.test(urlPath) && !/(mf-manifest\.json|index\.html)$/.test(base)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}

/**
 * The X-Forwarded-For a proxy to the auth API sends. The API limits sign-in attempts per client:
 * it must see each browser's address, not the proxy's. Appended from the socket, so what a client
 * wrote into the header stays to its left, where the API (trusting only the entry its adjacent
 * proxy added) never reads it. The preview server and every dev server's proxy use this.
 *
 * @param {import('node:http').IncomingMessage} req
 */
export function forwardedFor(req) {
  const client = req.socket.remoteAddress ?? '';
  const earlier = req.headers['x-forwarded-for'];
  return earlier ? `${earlier}, ${client}` : client;
}

/** Headers of one connection, not of the message: never forwarded, and not allowed in HTTP/2. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'host',
]);

/** @param {Record<string, unknown>} headers */
function endToEnd(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
}

/** The host the client asked for (HTTP/2 names it `:authority`). */
const requestHost = (req) => req.headers[':authority'] ?? req.headers.host;

/**
 * Whether HSTS may be sent for a Host header: a real host name only. Browsers key HSTS by host,
 * not port, so a pin on localhost or an address would force HTTPS on every other local server.
 *
 * @param {string | undefined} host
 * @param {string | undefined} publicHost  when given, the one host name that gets HSTS
 */
export function hstsApplies(host, publicHost) {
  if (!host) return false;
  const name = (host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, ''))
    .toLowerCase()
    .replace(/\.$/, '');
  if (!name || isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return false;
  return publicHost ? name === publicHost.toLowerCase() : name.includes('.');
}

function proxy(req, res, target) {
  const url = new URL(req.url, target);
  const host = requestHost(req);
  const headers = {
    ...endToEnd(req.headers),
    host: url.host,
    'x-forwarded-for': forwardedFor(req),
    'x-forwarded-proto': req.socket.encrypted ? 'https' : 'http',
  };
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
  const upstream = httpRequest(url, { method: req.method, headers }, (response) => {
    res.writeHead(response.statusCode ?? 502, endToEnd(response.headers));
    response.pipe(res);
    response.on('error', () => res.destroy());
  });
  upstream.on('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'Không kết nối được máy chủ xác thực (auth-api)' }));
  });
  // A client gone before the answer takes the upstream request with it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/**
 * One line per failed request on stderr: what fastify reports at warn level and above (a file
 * that failed while it was read, a client gone), never a stack trace, never the process.
 */
function oneLineLogger(label = 'static') {
  const write = (entry, message) => {
    const error = entry instanceof Error ? entry : entry?.err;
    const request = entry?.req;
    const where = request ? `${request.method} ${request.url}: ` : '';
    const why = error ? `${error.code ?? error.name}: ${error.message}` : '';
    const text = [typeof message === 'string' ? message : '', why].filter(Boolean).join(' — ');
    process.stderr.write(`[${label}] ${where}${text.replaceAll('\n', ' ')}\n`);
  };
  const quiet = () => undefined;
  const logger = {
    level: 'warn',
    fatal: write,
    error: write,
    warn: write,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => logger,
  };
  return logger;
}

/** A path of a URL, decoded, or null for a malformed escape (`/%E0%A4%A`). */
function decodedPath(rawUrl) {
  const url = new URL(rawUrl ?? '/', 'http://localhost');
  try {
    return { pathname: decodeURIComponent(url.pathname), encoded: url.pathname, search: url.search };
  } catch {
    return null;
  }
}

/** A dotfile or dot-folder anywhere in the path (.env, .git/…), or a source map: never served. */
const HIDDEN = (pathname) => pathname.split('/').some((part) => part.startsWith('.')) || pathname.endsWith('.map');

/** realpath of each served folder, so a symbolic link that leads out of it is refused. */
const realRoots = new Map();
async function realRoot(dir) {
  let real = realRoots.get(dir);
  if (!real) {
    real = await fs.realpath(dir).catch(() => dir);
    realRoots.set(dir, real);
  }
  return real;
}

/** The compressed copies the build writes beside a text file, by the encoding a client names. */
const COPIES = /** @type {const} */ ([
  ['br', '.br'],
  ['gzip', '.gz'],
]);

/**
 * A file's stat and the encodings of its usable compressed copies, in one round of concurrent
 * calls: each round of file-system calls is a trip through libuv's thread pool, and sequential
 * rounds were most of a request's time on this server (bench/ab.md). A copy older than its file
 * (edited in place, a manifest rewritten) means the copies are stale, and none is sent: a copy
 * written in the same clock tick as the edit looks as new as the file, and only its older sibling
 * tells.
 *
 * @param {string} path
 */
async function statWithCopies(path) {
  const compressible = PRECOMPRESSED_EXTENSIONS.test(path);
  const [stat, ...copies] = await Promise.all([
    fs.stat(path),
    ...(compressible ? COPIES.map(([, suffix]) => fs.stat(`${path}${suffix}`).catch(() => null)) : []),
  ]);
  const stale = copies.some((copy) => copy?.isFile() && copy.mtimeMs < stat.mtimeMs);
  const encodings = stale ? [] : COPIES.filter((_, index) => copies[index]?.isFile()).map(([encoding]) => encoding);
  return { stat, compressible, encodings };
}

/**
 * A regular file inside `dir` (a folder's index.html for a folder), symbolic links included only
 * while they stay inside it.
 *
 * @returns {Promise<Located | null>}
 */
async function fileInside(dir, pathname) {
  const root = resolve(dir);
  let target = resolve(join(root, pathname));
  if (target !== root && !target.startsWith(root + sep)) return null;
  const lookUp = (path) => Promise.all([statWithCopies(path), fs.realpath(path), realRoot(root)]);
  try {
    let [found, real, realDir] = await lookUp(target);
    if (found.stat.isDirectory()) {
      target = join(target, 'index.html');
      [found, real, realDir] = await lookUp(target);
    }
    if (!found.stat.isFile() || !real.startsWith(realDir + sep)) return null;
    return { dir: root, file: relative(root, target).split(sep).join('/'), path: target, ...found };
  } catch {
    return null;
  }
}

/**
 * The client's Accept-Encoding narrowed to the copies that exist, so that @fastify/static asks
 * the disk for no copy that is not there (each miss is one more round before the file is sent).
 *
 * @param {Record<string, unknown>} headers  the request's headers, changed in place
 * @param {readonly string[]} encodings
 */
export function narrowAcceptEncoding(headers, encodings) {
  const accepted = headers['accept-encoding'];
  const tokens = typeof accepted === 'string' ? accepted.split(',') : [];
  const kept = tokens.flatMap((token) => {
    const [name, ...parameters] = token.split(';');
    const encoding = name.trim().toLowerCase();
    if (encoding === '*') return encodings.map((each) => [each, ...parameters].join(';'));
    return encodings.includes(encoding) ? [token.trim()] : [];
  });
  if (kept.length > 0) headers['accept-encoding'] = kept.join(', ');
  else delete headers['accept-encoding'];
}

/**
 * @typedef {object} Located  a file that answers a request
 * @property {string} dir   the folder it is served from
 * @property {string} file  its path inside `dir`, with forward slashes
 * @property {string} path  its absolute path
 * @property {import('node:fs').Stats} stat
 * @property {boolean} compressible  text, for which the build writes compressed copies
 * @property {string[]} encodings    the encodings of its copies that may be sent
 */

/**
 * @typedef {object} StaticOptions
 * @property {string} [root]          directory to serve (none: only `files` and `mounts`)
 * @property {boolean} [spa]          unknown paths without an extension get index.html
 * @property {boolean} [cors]         allow any origin (remotes are fetched cross-origin)
 * @property {Record<string,string>} [files]  URL path → file served instead (e.g. /remotes.json)
 * @property {Record<string,string>} [mounts] URL prefix → directory (e.g. the deploy folder)
 * @property {string} [apiTarget]     proxy /api/* there
 * @property {{ dir: string, template: string }} [pages]  prerendered pages (prerender-pages.mjs), served
 *   for a path without extension or query string while they match the served shell build
 * @property {boolean} [fallthrough]  pass what it does not serve to `next` (as a dev-server middleware)
 * @property {string} [publicHost]    the site's public host name: the only one HSTS is sent for
 * @property {{ registryUrl: string, registryFile: string, origin: string, refresh: () => Promise<void> }} [store]
 *   a registry on object storage (storage-pages.mjs storeSite): /remotes.json is redirected to it, so
 *   the browser reads it from the store, each page's policy allows the store's origin, and `refresh`
 *   brings the local copies of the registry and of the pages (`pages.dir`) up to date before a page is chosen
 * @property {Limits} [limits]
 */

/** Where the SPA's `next` waits while fastify routes a dev-server request. */
const NEXT = Symbol('next');
/** The timer that closes a connection whose first request does not come. */
const FIRST_REQUEST = Symbol('first request');
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
  const pageOf = options.pages ? prerenderedPages(options.pages, statWithCopies) : undefined;
  // The registry served with the page: the origins its remotes may come from.
  const policyOf = pagePolicies({
    registryFile: options.store?.registryFile ?? options.files?.['/remotes.json'],
    origins: options.store ? [options.store.origin] : [],
  });

  const app = Fastify({
    ...(tls
      ? {
          http2: true,
          https: {
            ...tls,
            allowHTTP1: true,
            handshakeTimeout: limits.headersMs,
            settings: { maxConcurrentStreams: MAX_CONCURRENT_STREAMS, maxHeaderListSize: HEADER_LIMIT },
          },
          http2SessionTimeout: limits.idleMs,
        }
      : { http: { maxHeaderSize: HEADER_LIMIT } }),
    keepAliveTimeout: Math.min(5_000, limits.idleMs),
    connectionTimeout: limits.idleMs,
    requestTimeout: limits.headersMs,
    forceCloseConnections: true,
    return503OnClosing: false,
    loggerInstance: oneLineLogger(),
    // A malformed URL: 400, saying nothing of why (fastify's own answer quotes it back).
    frameworkErrors: (error, request, reply) => {
      reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
      reply.raw.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply
        .code(error.statusCode ?? 400)
        .type('text/plain; charset=utf-8')
        .send('Bad Request');
    },
  });
  const server = app.server;
  server.maxHeaderSize = HEADER_LIMIT;
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.headersMs;
  // A connection that never sends a request is closed like a request whose headers never come
  // (Node's own headersTimeout is checked every 30 s, and only once a request has begun).
  const awaitFirstRequest = (socket) => {
    const timer = setTimeout(() => socket.destroy(), limits.headersMs);
    timer.unref();
    socket[FIRST_REQUEST] = timer;
    socket.once('close', () => clearTimeout(timer));
  };
  if (tls) server.on('secureConnection', (socket) => socket.alpnProtocol !== 'h2' && awaitFirstRequest(socket));
  else server.on('connection', awaitFirstRequest);
  server.on('request', (req) => {
    if (req.httpVersionMajor === 1) clearTimeout(req.socket[FIRST_REQUEST]);
  });
  if (tls) {
    // An HTTP/2 connection that never opens a stream holds a session: closed the same way.
    server.on('session', (session) => {
      const timer = setTimeout(() => session.destroy(), limits.headersMs);
      timer.unref();
      session.once('stream', () => clearTimeout(timer));
      session.once('close', () => clearTimeout(timer));
    });
  }

  app.register(helmet, {
    // Each HTML page gets its own policy (its scripts' hashes): set where the page is chosen.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // A remote's files are loaded by pages of another origin.
    crossOriginResourcePolicy: { policy: options.cors ? 'cross-origin' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only for a real host name, below: helmet would send it for localhost too.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Origin-Agent-Cluster moves the page into an origin-keyed process once its response is in: the
    // process Chromium started for the site while the request was on its way is thrown away, and
    // the page waits for another one (first paint about 100 ms later, bench/ab.md 2026-11-26).
    // Nothing in this project's pages sets document.domain, which is what the header turns off.
    originAgentCluster: false,
  });

  app.register(
    shared(async (instance) =>
      instance.addHook('onRequest', async (request, reply) => {
        if (tls && hstsApplies(requestHost(request.raw), options.publicHost)) {
          reply.header('Strict-Transport-Security', 'max-age=31536000');
        }
        if (options.cors) {
          reply.header('Access-Control-Allow-Origin', '*');
          reply.header('Access-Control-Allow-Headers', '*');
        }
        // Lets the page's Resource Timing report cross-origin sizes (the benchmark reads them).
        reply.header('Timing-Allow-Origin', '*');
        if (options.apiTarget && request.url.startsWith('/api/')) {
          // Before fastify reads the body: the proxy streams it as it comes.
          for (const [name, value] of Object.entries(reply.getHeaders())) reply.raw.setHeader(name, value);
          reply.hijack();
          proxy(request.raw, reply.raw, options.apiTarget);
        }
      }),
    ),
  );

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
    if (HIDDEN(pathname)) return null;
    const named = options.files?.[pathname];
    if (named) return fileInside(dirname(resolve(named)), basename(named));
    for (const [prefix, dir] of Object.entries(options.mounts ?? {})) {
      if (pathname.startsWith(prefix)) return fileInside(dir, pathname.slice(prefix.length));
    }
    return root ? fileInside(root, pathname) : null;
  }

  /** Sends a located file with this project's headers; `servedPath` names it for the cache policy. */
  async function sendLocated(reply, located, servedPath) {
    reply.header('Cache-Control', cacheControlFor(servedPath));
    if (located.compressible) reply.header('Vary', 'Accept-Encoding');
    narrowAcceptEncoding(reply.request.headers, located.encodings);
    if (located.path.endsWith('.html')) {
      reply.header('Content-Security-Policy', await policyOf(located.path, located.stat));
    }
    return reply.sendFile(located.file, located.dir);
  }

  /** The shell's page for a client route, or nothing (a missing file, any other method). */
  async function fallback(request, reply) {
    const path = decodedPath(request.url);
    const canFallBack =
      path &&
      !extname(path.pathname) &&
      !HIDDEN(path.pathname) &&
      (request.method === 'GET' || request.method === 'HEAD');
    const index =
      canFallBack && root && options.spa && !request[FELL_BACK] ? await fileInside(root, 'index.html') : null;
    if (index) {
      request[FELL_BACK] = true;
      return sendLocated(reply, index, '/index.html');
    }
    const next = request.raw[NEXT];
    if (next) {
      reply.hijack();
      next();
      return reply;
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
      if (options.store && !extname(path.pathname)) await options.store.refresh();
      // A query string may change what the page shows: such a request gets the page the browser renders.
      const page = pageOf && !extname(path.pathname) && !path.search ? await pageOf(path.encoded) : undefined;
      if (page) {
        const dir = resolve(options.pages.dir);
        return sendLocated(reply, { dir, file: relative(dir, page.path).split(sep).join('/'), ...page }, '/index.html');
      }
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

/**
 * The server's rules as a connect-style middleware (the shell's dev server): what it does not
 * serve goes to `next` when `fallthrough` is set.
 *
 * @param {StaticOptions} options
 */
export function createStaticHandler(options) {
  const app = createApp(options);
  const ready = app.ready();
  return async (req, res, next) => {
    // Files are only read: any other method (a POST to the dev server's /api proxy) goes straight on,
    // with its body unread.
    if (options.fallthrough && next && req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    await ready;
    if (options.fallthrough && next) req[NEXT] = next;
    app.routing(req, res);
  };
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
