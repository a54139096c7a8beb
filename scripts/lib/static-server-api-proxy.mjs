// The static server's /api proxy to the auth API: the request streamed on as it comes, the
// client's address appended for the API's rate limits, and a deadline on the whole exchange so
// an API that stops answering costs a client one 504, not a connection held for ever.
import { request as httpRequest } from 'node:http';

/** How long one API exchange may take, its answer's body included, unless the server is told otherwise. */
export const DEFAULT_API_DEADLINE_MS = 30_000;

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

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} message */
function answer(res, status, message) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ message }));
}

/**
 * Sends one request on to the API at `target` and its answer back.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} target
 * @param {string | undefined} host  the host the client asked for
 * @param {number} deadlineMs  past this, a request with no answer yet gets 504, one mid-answer is cut
 */
export function proxyApi(req, res, target, host, deadlineMs = DEFAULT_API_DEADLINE_MS) {
  const url = new URL(req.url ?? '/', target);
  const headers = {
    ...endToEnd(req.headers),
    host: url.host,
    'x-forwarded-for': forwardedFor(req),
    'x-forwarded-proto': /** @type {{ encrypted?: boolean }} */ (req.socket).encrypted ? 'https' : 'http',
  };
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
  const upstream = httpRequest(url, { method: req.method, headers }, (response) => {
    res.writeHead(response.statusCode ?? 502, endToEnd(response.headers));
    response.pipe(res);
    response.on('error', () => res.destroy());
  });
  const deadline = setTimeout(() => {
    upstream.destroy();
    if (res.headersSent) res.destroy();
    else answer(res, 504, 'Máy chủ xác thực (auth-api) không trả lời kịp, vui lòng thử lại');
  }, deadlineMs);
  deadline.unref();
  res.on('close', () => clearTimeout(deadline));
  upstream.on('error', () => {
    if (res.writableEnded) return;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    answer(res, 502, 'Không kết nối được máy chủ xác thực (auth-api)');
  });
  // A client gone before the answer takes the upstream request with it.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
