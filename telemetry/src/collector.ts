// The collector whole: the registry's labels, the metrics, the public server and the metrics
// server, started together and closed together.
import type { FastifyInstance } from 'fastify';
import { buildMetricsServer } from './metrics-server.ts';
import { createFiguresSource } from './figures.ts';
import { createMetrics, type CollectorMetrics } from './metrics.ts';
import { watchRegistry } from './registry-watch.ts';
import { buildPublicServer, type PublicServerOptions } from './server.ts';

export interface CollectorOptions extends Omit<PublicServerOptions, 'metrics' | 'known' | 'figures'> {
  /** Prometheus's base URL, which the remotes panel's figures are read from; none: no figures. */
  prometheusUrl?: string;
  /** The environment's registry (remotes.json): what it names are the only label values. */
  registryFile: string;
  host: string;
  /** Where the metrics listen (default: `host`). */
  metricsHost?: string;
  /** POST /api/telemetry; 0 picks a free port. */
  port: number;
  /** GET /metrics; 0 picks a free port. */
  metricsPort: number;
  /** How often the registry file is looked at for a change. */
  registryIntervalMs?: number;
}

export interface Collector {
  app: FastifyInstance;
  metricsApp: FastifyInstance;
  metrics: CollectorMetrics;
  port: number;
  metricsPort: number;
  close(): Promise<void>;
}

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
};

export async function startCollector(options: CollectorOptions): Promise<Collector> {
  const {
    registryFile,
    host,
    metricsHost = host,
    port,
    metricsPort,
    registryIntervalMs,
    prometheusUrl,
    ...rest
  } = options;
  const metrics = createMetrics();
  const known = () => registry.current();
  const figures = prometheusUrl ? createFiguresSource({ prometheusUrl, known }) : undefined;
  const app = await buildPublicServer({ ...rest, metrics, known, ...(figures ? { figures } : {}) });
  const registry = watchRegistry(registryFile, {
    intervalMs: registryIntervalMs,
    warn: (details, message) => app.log.warn(details, message),
    info: (details, message) => app.log.info(details, message),
    onRead: (labels) => metrics.prime(labels),
  });
  const metricsApp = buildMetricsServer(metrics.registry, {
    level: options.logLevel ?? 'info',
    stream: options.logStream,
  });
  const close = async () => {
    registry.close();
    await Promise.all([app.close(), metricsApp.close()]);
  };
  try {
    await app.listen({ port, host });
    await metricsApp.listen({ port: metricsPort, host: metricsHost });
  } catch (error) {
    await close();
    throw error;
  }
  return { app, metricsApp, metrics, port: portOf(app), metricsPort: portOf(metricsApp), close };
}
