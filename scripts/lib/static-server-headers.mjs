// The response headers every answer of the static server carries (@fastify/helmet's, HSTS for a
// real host name, CORS for a remote's files, Resource Timing for a benchmark) and the policy of an
// SVG file. Each HTML page's own Content-Security-Policy is set where the page is chosen.
import { isIP } from 'node:net';

/**
 * An SVG opened on its own is a document that could run script: none of it may load or run
 * anything (an <img> showing it runs no script in any case).
 */
export const SVG_POLICY = "default-src 'none'; sandbox";

/** The host the client asked for (HTTP/2 names it `:authority`). */
export const requestHost = (req) => req.headers[':authority'] ?? req.headers.host;

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

/** Whether a request is one for the API: never a remote's file, so never shared with another origin. */
export const isApiPath = (url) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * @param {{ cors?: boolean }} options
 * @returns {import('@fastify/helmet').FastifyHelmetOptions}
 */
export function helmetOptions({ cors }) {
  return {
    // Each HTML page gets its own policy: set where the page is chosen.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // A remote's files are loaded by pages of another origin.
    crossOriginResourcePolicy: { policy: cors ? 'cross-origin' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only for a real host name, below: helmet would send it for localhost too.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Origin-Agent-Cluster moves the page into an origin-keyed process once its response is in: the
    // process Chromium started for the site while the request was on its way is thrown away, and
    // the page waits for another one (first paint about 100 ms later, bench/ab.md 2026-11-26).
    // Nothing in this project's pages sets document.domain, which is what the header turns off.
    originAgentCluster: false,
  };
}

/**
 * The headers this project adds to every answer, after helmet's.
 *
 * @param {import('fastify').FastifyRequest} request
 * @param {import('fastify').FastifyReply} reply
 * @param {{ tls: boolean, publicHost?: string, cors?: boolean, timingAllowOrigin?: boolean }} options
 */
export function addProjectHeaders(request, reply, { tls, publicHost, cors, timingAllowOrigin }) {
  if (tls && hstsApplies(requestHost(request.raw), publicHost)) {
    reply.header('Strict-Transport-Security', 'max-age=31536000');
  }
  if (isApiPath(request.url)) {
    // The API answers its own origin's pages only: no other origin reads or embeds its answers.
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
  } else if (cors) {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Allow-Headers', '*');
  }
  // Lets a page's Resource Timing report cross-origin sizes: the benchmark reads them, no one else needs to.
  if (timingAllowOrigin) reply.header('Timing-Allow-Origin', '*');
}
