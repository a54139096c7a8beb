// The static server's /api proxy to the auth API: @fastify/http-proxy (the request streamed on as
// it comes, over undici), told three things of this project's: the client's address appended for
// the API's rate limits, a deadline so an API that stops answering costs a client one 504 and not a
// connection held for ever, and Vietnamese answers when the API cannot be reached.
import fastifyHttpProxy from '@fastify/http-proxy';
import { requestHost } from './static-server-headers.mjs';

/** How long the API may take to start answering, and to send each next part of its answer. */
const DEFAULT_API_DEADLINE_MS = 30_000;

/**
 * The X-Forwarded-For a proxy to the auth API sends. The API limits sign-in attempts per client:
 * it must see each browser's address, not the proxy's. Appended from the socket, so what a client
 * wrote into the header stays to its left, where the API (trusting only the entry its adjacent
 * proxy added) never reads it.
 *
 * @param {import('node:http').IncomingMessage} req
 */
function forwardedFor(req) {
  const client = req.socket.remoteAddress ?? '';
  const earlier = req.headers['x-forwarded-for'];
  return earlier ? `${earlier}, ${client}` : client;
}

/**
 * The upstream request's headers: the client's own address, protocol and host, never the ones it
 * claimed.
 *
 * @param {import('fastify').FastifyRequest} request
 * @param {Record<string, unknown>} headers
 */
function rewriteRequestHeaders(request, headers) {
  const forwarded = {
    ...headers,
    'x-forwarded-for': forwardedFor(request.raw),
    'x-forwarded-proto': /** @type {{ encrypted?: boolean }} */ (request.raw.socket).encrypted ? 'https' : 'http',
  };
  const host = requestHost(request.raw);
  if (host) forwarded['x-forwarded-host'] = host;
  else delete forwarded['x-forwarded-host'];
  return forwarded;
}

/** @param {import('fastify').FastifyReply} reply @param {{ error: { statusCode?: number } }} failure */
function onError(reply, { error }) {
  const timedOut = error.statusCode === 504;
  reply
    .code(timedOut ? 504 : 502)
    .header('Cache-Control', 'no-store')
    .send({
      message: timedOut
        ? 'Máy chủ xác thực (auth-api) không trả lời kịp, vui lòng thử lại'
        : 'Không kết nối được máy chủ xác thực (auth-api)',
    });
}

/**
 * Registers the proxy of /api/* to the API at `target` on `app`.
 *
 * @param {import('fastify').FastifyInstance} app
 * @param {string} target
 * @param {number} deadlineMs  how long the API may take to start its answer, and each next part of it
 */
export function registerApiProxy(app, target, deadlineMs = DEFAULT_API_DEADLINE_MS) {
  app.register(fastifyHttpProxy, {
    upstream: target,
    prefix: '/api',
    rewritePrefix: '/api',
    undici: { headersTimeout: deadlineMs, bodyTimeout: deadlineMs },
    // The API decides what a retry means (a sign-in counts against its limits): never repeated here.
    replyOptions: { rewriteRequestHeaders, onError, retryDelay: () => null },
  });
}
