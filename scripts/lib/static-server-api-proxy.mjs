// The static server's /api proxy to the auth API, and its /api/telemetry proxy to the telemetry
// collector: @fastify/http-proxy (the request streamed on as it comes, over undici), told three
// things of this project's: the client's address appended for the services' rate limits, a deadline
// so a service that stops answering costs a client one 504 and not a connection held for ever, and
// Vietnamese answers when the service cannot be reached.
import fastifyHttpProxy from '@fastify/http-proxy';
import { requestHost } from './static-server-headers.mjs';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';

/** How long the API may take to start answering, and to send each next part of its answer. */
const DEFAULT_API_DEADLINE_MS = 30_000;

/**
 * The X-Forwarded-For a proxy to a service sends. The auth API limits sign-in attempts per client,
 * the collector beacons: each must see each browser's address, not the proxy's. Appended from the socket, so what a client
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

/**
 * A service behind the static server: the path it answers under, and its name in a Vietnamese
 * sentence ("máy chủ xác thực (auth-api)").
 *
 * @typedef {{ prefix: string, name: string }} Service
 */

/** @type {Service} */
export const AUTH_API = { prefix: '/api', name: 'máy chủ xác thực (auth-api)' };

/** @type {Service} */
export const TELEMETRY = { prefix: TELEMETRY_PATH, name: 'máy chủ thu thập số liệu (telemetry)' };

/** @param {Service} service */
function onError(service) {
  /** @param {import('fastify').FastifyReply} reply @param {{ error: { statusCode?: number } }} failure */
  return (reply, { error }) => {
    const timedOut = error.statusCode === 504;
    reply
      .code(timedOut ? 504 : 502)
      .header('Cache-Control', 'no-store')
      .send({
        message: timedOut
          ? `${service.name[0]?.toUpperCase()}${service.name.slice(1)} không trả lời kịp, vui lòng thử lại`
          : `Không kết nối được ${service.name}`,
      });
  };
}

/**
 * Registers the proxy of a service's prefix and what is under it (/api/*: the auth API) to
 * `target` on `app`. A longer prefix registered beside a shorter one (/api/telemetry beside /api)
 * takes its paths: the router prefers the longer static part.
 *
 * @param {import('fastify').FastifyInstance} app
 * @param {string} target
 * @param {number} deadlineMs  how long the service may take to start its answer, and each next part of it
 * @param {Service} service
 */
export function registerApiProxy(app, target, deadlineMs = DEFAULT_API_DEADLINE_MS, service = AUTH_API) {
  app.register(fastifyHttpProxy, {
    upstream: target,
    prefix: service.prefix,
    rewritePrefix: service.prefix,
    undici: { headersTimeout: deadlineMs, bodyTimeout: deadlineMs },
    // The service decides what a retry means (a sign-in counts against its limits): never repeated here.
    replyOptions: { rewriteRequestHeaders, onError: onError(service), retryDelay: () => null },
  });
}
