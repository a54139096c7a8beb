// A small production static server: the same one serves `npm run preview`, the browser
// tests and the benchmark, so all three see the same cache headers and compression. Over
// HTTP/2 (TLS, as a CDN serves a site today) or plain HTTP/1.1.
import { createReadStream, promises as fs } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { createSecureServer } from 'node:http2';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { prerenderedPages } from './prerender-pages.mjs';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt']);

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

function resolveInside(root, urlPath) {
  const decoded = decodeURIComponent(urlPath);
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) return null;
  return target;
}

async function statFile(path) {
  try {
    const stat = await fs.stat(path);
    if (stat.isDirectory()) {
      const index = join(path, 'index.html');
      const indexStat = await fs.stat(index).catch(() => null);
      return indexStat?.isFile() ? { path: index, stat: indexStat } : null;
    }
    return stat.isFile() ? { path, stat } : null;
  } catch {
    return null;
  }
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
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'Không kết nối được máy chủ xác thực (auth-api)' }));
  });
  req.pipe(upstream);
}

/**
 * @param {object} options
 * @param {string} [options.root]          directory to serve (none: only `files` and `mounts`)
 * @param {boolean} [options.spa]          unknown paths without an extension get index.html
 * @param {boolean} [options.cors]         allow any origin (remotes are fetched cross-origin)
 * @param {Record<string,string>} [options.files]  URL path → file served instead (e.g. /remotes.json)
 * @param {Record<string,string>} [options.mounts] URL prefix → directory (e.g. the deploy folder)
 * @param {string} [options.apiTarget]     proxy /api/* there
 * @param {{ dir: string, template: string }} [options.pages]  prerendered pages (prerender-pages.mjs), served
 *   for a path without extension or query string while they match the served shell build
 * @param {boolean} [options.fallthrough]  pass what it does not serve to `next` (as a dev-server middleware)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next?: () => void) => Promise<void>}
 */
export function createStaticHandler(options) {
  const root = options.root ? resolve(options.root) : null;
  const gzipCache = new Map();
  const pageOf = options.pages ? prerenderedPages(options.pages) : undefined;

  async function locate(pathname) {
    if (options.files?.[pathname]) return statFile(resolve(options.files[pathname]));
    for (const [prefix, dir] of Object.entries(options.mounts ?? {})) {
      if (pathname.startsWith(prefix)) {
        const inside = resolveInside(resolve(dir), pathname.slice(prefix.length));
        return inside ? statFile(inside) : null;
      }
    }
    const inside = root && resolveInside(root, pathname);
    return inside ? statFile(inside) : null;
  }

  return async (req, res, next) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (options.apiTarget && url.pathname.startsWith('/api/')) return proxy(req, res, options.apiTarget);
      const readable = req.method === 'GET' || req.method === 'HEAD';
      // A query string may change what the page shows: such a request gets the page the browser renders.
      const page = readable && pageOf && !extname(url.pathname) && !url.search ? await pageOf(url.pathname) : undefined;
      let file = page ?? (readable ? await locate(url.pathname) : null);
      if (!file && options.fallthrough && next) {
        next();
        return;
      }
      if (options.cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Headers', '*');
      }
      // Lets the page's Resource Timing report cross-origin sizes (the benchmark reads them).
      res.setHeader('Timing-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      if (!readable) {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      let servedPath = page ? '/index.html' : url.pathname;
      if (!file && root && options.spa && !extname(url.pathname)) {
        file = await statFile(join(root, 'index.html'));
        servedPath = '/index.html';
      }
      if (!file) {
        res
          .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end('Not found');
        return;
      }
      const ext = extname(file.path);
      const etag = `"${file.stat.size.toString(16)}-${Math.floor(file.stat.mtimeMs).toString(16)}"`;
      res.setHeader('Content-Type', MIME[ext] ?? 'application/octet-stream');
      res.setHeader('Cache-Control', cacheControlFor(servedPath));
      res.setHeader('ETag', etag);
      res.setHeader('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304).end();
        return;
      }
      const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (gzip) {
        const key = `${file.path}:${etag}`;
        let body = gzipCache.get(key);
        if (!body) {
          body = gzipSync(await fs.readFile(file.path), { level: 9 });
          gzipCache.set(key, body);
        }
        res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.writeHead(200, { 'Content-Length': file.stat.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file.path).pipe(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Server error: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

/** Open sockets of each server, so closing one ends its keep-alive connections and HTTP/2 sessions. */
const openSockets = new WeakMap();

/**
 * @param {Parameters<typeof createStaticHandler>[0] & { tls?: { key: string, cert: string } }} options
 *   `tls`: serve HTTP/2 over TLS (HTTP/1.1 to a client that asks for it); none: plain HTTP/1.1
 */
export function createStaticServer({ tls, ...options }) {
  const handler = createStaticHandler(options);
  const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, handler) : createServer(handler);
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  openSockets.set(server, sockets);
  return server;
}

/** Stops a server of createStaticServer, ending its open connections. */
export function closeServer(server) {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    for (const socket of openSockets.get(server) ?? []) socket.destroy();
  });
}

export function listen(server, port, host = 'localhost') {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise(server.address().port);
    });
  });
}
