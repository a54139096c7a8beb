// How the static server holds its connections: HTTP/2 with TLS (HTTP/1.1 to a client that asks
// for it) or plain HTTP/1.1, bounded header sizes and streams, idle connections closed, a
// connection that never asks anything closed too, and one stderr line per failed request.

/** Header block limit, HTTP/1.1 and HTTP/2 alike: far above what a browser sends. */
const HEADER_LIMIT = 16 * 1024;

/** Streams one HTTP/2 connection may have open at once (Node's default advertises 2^32−1). */
const MAX_CONCURRENT_STREAMS = 128;

/**
 * @typedef {object} Limits
 * @property {number} [idleMs]     an idle HTTP/2 session or keep-alive connection is closed after this
 * @property {number} [headersMs]  a request's headers must arrive within this; a connection that sends none is closed
 * @property {number} [apiMs]      the auth API must start its answer to an /api request, and send each next part
 *   of it, within this (else 504, or the answer cut)
 */
export const DEFAULT_LIMITS = { idleMs: 60_000, headersMs: 30_000 };

/** The timer that closes a connection whose first request does not come. */
const FIRST_REQUEST = Symbol('first request');

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

/**
 * Fastify's options for a server of these limits, over HTTP/2 with TLS when `tls` is given.
 *
 * @param {{ key: string, cert: string } | undefined} tls
 * @param {Required<Pick<Limits, 'idleMs' | 'headersMs'>>} limits
 */
export function fastifyOptions(tls, limits) {
  return {
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
  };
}

/**
 * Closes what the options above cannot: a connection that never sends a request (Node's own
 * headersTimeout is checked every 30 s, and only once a request has begun), and an HTTP/2
 * connection that never opens a stream.
 *
 * @param {any} server  the fastify app's server
 * @param {boolean} tls
 * @param {Required<Pick<Limits, 'headersMs'>>} limits
 */
export function closeSilentConnections(server, tls, limits) {
  server.maxHeaderSize = HEADER_LIMIT;
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.headersMs;
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
    server.on('session', (session) => {
      const timer = setTimeout(() => session.destroy(), limits.headersMs);
      timer.unref();
      session.once('stream', () => clearTimeout(timer));
      session.once('close', () => clearTimeout(timer));
    });
  }
}
