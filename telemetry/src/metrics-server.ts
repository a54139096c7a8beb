// GET /metrics for Prometheus, on a port of its own: no public server proxies to it, so no
// visitor reads what the others' browsers reported, and the public port has no path that leads here.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

export function buildMetricsServer(registry: Registry, logger: { level: string; stream?: NodeJS.WritableStream }) {
  const app: FastifyInstance = Fastify({
    logger: { level: logger.level, ...(logger.stream ? { stream: logger.stream } : {}) },
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: 'idle',
  });
  app.get(METRICS_PATH, async (_request, reply) =>
    reply
      .header('Content-Type', registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await registry.metrics()),
  );
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'not found' }));
  return app;
}
