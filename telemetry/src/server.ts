// The public side of the collector: POST /api/telemetry and nothing else (the metrics have a port
// of their own, metrics-server.ts). A beacon is untrusted text from any browser: it is checked by
// the contract, counted under labels the registry names, and never written to a log or an answer.
import rateLimit from '@fastify/rate-limit';
import { describeBeaconProblem, validateBeacon } from '@devhub/contracts/telemetry';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import type { KnownLabels } from './known-labels.ts';
import type { BeaconResult, CollectorMetrics } from './metrics.ts';
import { LOOPBACK, trustAdjacentProxy } from '@devhub/contracts/trusted-proxy';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';
import { FIGURES_PATH, FIGURES_SCHEMA, PANEL_WINDOW, type PanelFigures } from '@devhub/contracts/telemetry-figures';
import { FiguresUnavailable, type FiguresSource } from './figures.ts';

export interface PublicServerOptions {
  metrics: CollectorMetrics;
  /** The labels the registry names now (registry-watch.ts). */
  known(): KnownLabels;
  /** A pino level; "silent" turns logging off. */
  logLevel?: string;
  /** Where the JSON log lines go (default: stdout). */
  logStream?: NodeJS.WritableStream;
  /** Addresses or CIDR ranges of the proxies whose X-Forwarded-For names the client (default: loopback). */
  trustedProxies?: readonly string[];
  /** Beacons one client may send in a minute. */
  beaconsPerMinute?: number;
  /** Clients the rate limiter remembers at most (its LRU's bound: memory stays bounded). */
  trackedClients?: number;
  bodyLimitBytes?: number;
  requestTimeoutMs?: number;
  /** What GET /api/telemetry/figures answers the remotes panel; none without Prometheus. */
  figures?: FiguresSource;
}

export const DEFAULTS = {
  // A browser sends a beacon when a page is hidden or a batch is full: a few a minute.
  beaconsPerMinute: 60,
  trackedClients: 10_000,
  bodyLimitBytes: 16 * 1024,
  requestTimeoutMs: 30_000,
} as const;

/** The figures' answer of a collector that knows no Prometheus. */
const noFigures = (environment: string): PanelFigures => ({
  schema: FIGURES_SCHEMA,
  environment,
  windowSeconds: PANEL_WINDOW.seconds,
  stepSeconds: PANEL_WINDOW.stepSeconds,
  remotes: {},
  unavailable: 'no Prometheus to read figures from (PROMETHEUS_URL)',
});

/** What a refused request is answered and counted as; its text never comes from the request. */
function refusal(error: FastifyError): { status: number; result: BeaconResult; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, result: 'too-large', message: 'beacon too large' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, result: 'malformed', message: 'beacon is not JSON' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, result: 'unsupported', message: 'send application/json or text/plain' };
    default:
      return error.statusCode === 429
        ? { status: 429, result: 'rate-limited', message: 'too many beacons' }
        : { status: 400, result: 'malformed', message: 'bad request' };
  }
}

export async function buildPublicServer(options: PublicServerOptions): Promise<FastifyInstance> {
  const { metrics } = options;
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One line per request would be one per beacon; refusals are logged below, without their text.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimitBytes ?? DEFAULTS.bodyLimitBytes,
    requestTimeout: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
    forceCloseConnections: 'idle',
    trustProxy: trustAdjacentProxy(options.trustedProxies ?? LOOPBACK),
  });

  // sendBeacon with a string sends text/plain: the same JSON, parsed by the same parser.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The stack says where; the message might quote what it choked on.
      request.log.error({ code: error.code, name: error.name, stack: error.stack?.split('\n').slice(1) }, 'failed');
      return reply.code(500).send({ message: 'server error' });
    }
    const { status: answer, result, message } = refusal(error);
    metrics.counted(result);
    request.log.debug({ statusCode: answer, code: error.code, result }, 'beacon refused');
    return reply.code(answer).send({ message });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'not found' }));

  // Counted per client before the body is read: a flood of bad beacons is limited like good ones.
  await app.register(rateLimit, {
    max: options.beaconsPerMinute ?? DEFAULTS.beaconsPerMinute,
    timeWindow: 60_000,
    cache: options.trackedClients ?? DEFAULTS.trackedClients,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });

  app.post(TELEMETRY_PATH, async (request, reply) => {
    const { beacon, problems } = validateBeacon(request.body);
    if (!beacon) {
      metrics.counted('refused');
      const fields = problems.map((problem) => `${problem.field}: ${problem.code}`);
      request.log.debug({ statusCode: 400, result: 'refused', fields }, 'beacon refused');
      return reply.code(400).send({ message: 'beacon refused', problems: problems.map(describeBeaconProblem) });
    }
    metrics.record(beacon, options.known());
    metrics.counted('accepted');
    return reply.code(204).send();
  });

  // The remotes panel's figures: counted against the same limit per client as beacons.
  app.get(FIGURES_PATH, async (request, reply) => {
    // Not an error for the panel (its page would log one): figures are simply not kept here.
    if (!options.figures) return noFigures(options.known().environment ?? '');
    try {
      return await options.figures.read();
    } catch (error) {
      if (!(error instanceof FiguresUnavailable)) throw error;
      request.log.warn({ reason: error.message }, 'figures unavailable');
      return reply.code(502).send({ message: error.message });
    }
  });

  return app;
}
