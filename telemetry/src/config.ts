// The settings of `node dist/main.js`, from the environment and the command line, checked up
// front so a typo fails loudly at start.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CollectorOptions } from './collector.ts';
import { DEFAULTS } from './server.ts';
import { readTrustedProxies } from '@devhub/contracts/trusted-proxy';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The ports of the collector's package.json (`devhub`), which npm start and preview pass on as they are. */
export const DEFAULT_PORTS = { port: 4100, metricsPort: 9464 } as const;

export const USAGE = `usage: node dist/main.js [--registry <file>]
  --registry <file>  the environment's registry (remotes.json) whose names label the metrics
                     (or DEVHUB_REGISTRY_FILE)
environment: PORT (${DEFAULT_PORTS.port}), METRICS_PORT (${DEFAULT_PORTS.metricsPort}), HOST (localhost), METRICS_HOST (localhost),
  TELEMETRY_BEACONS_PER_MINUTE (${DEFAULTS.beaconsPerMinute}), TELEMETRY_TRACKED_CLIENTS (${DEFAULTS.trackedClients}),
  TELEMETRY_TRUSTED_PROXIES (loopback), PROMETHEUS_URL (none: the remotes panel gets no figures), LOG_LEVEL (info)`;

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** Prometheus's base URL, http or https, or none. */
function prometheusUrl(raw: string | undefined): { prometheusUrl?: string } {
  if (!raw?.trim()) return {};
  const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : undefined;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    // Not repeated: a URL with credentials would leave them in a log.
    throw new Error('PROMETHEUS_URL must be an http(s) URL without credentials, such as http://127.0.0.1:9090');
  }
  return { prometheusUrl: url.href };
}

export function readConfig(env: NodeJS.ProcessEnv, args: string[]): CollectorOptions {
  const { values } = parseArgs({ args, options: { registry: { type: 'string' } }, strict: true });
  const registryFile = values.registry ?? env.DEVHUB_REGISTRY_FILE;
  if (!registryFile?.trim()) {
    throw new Error('name the registry file: --registry <file> or DEVHUB_REGISTRY_FILE (npm start passes it)');
  }
  const logLevel = (env.LOG_LEVEL ?? 'info').trim().toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return {
    registryFile: resolve(registryFile),
    host: env.HOST?.trim() || 'localhost',
    // Its own: HOST=0.0.0.0 opens the beacons to a network, never the metrics with them.
    metricsHost: env.METRICS_HOST?.trim() || 'localhost',
    port: integer('PORT', env.PORT, DEFAULT_PORTS.port, 0, 65_535),
    metricsPort: integer('METRICS_PORT', env.METRICS_PORT, DEFAULT_PORTS.metricsPort, 0, 65_535),
    logLevel,
    beaconsPerMinute: integer(
      'TELEMETRY_BEACONS_PER_MINUTE',
      env.TELEMETRY_BEACONS_PER_MINUTE,
      DEFAULTS.beaconsPerMinute,
      1,
      100_000,
    ),
    trackedClients: integer(
      'TELEMETRY_TRACKED_CLIENTS',
      env.TELEMETRY_TRACKED_CLIENTS,
      DEFAULTS.trackedClients,
      100,
      10_000_000,
    ),
    trustedProxies: readTrustedProxies('TELEMETRY_TRUSTED_PROXIES', env.TELEMETRY_TRUSTED_PROXIES),
    ...prometheusUrl(env.PROMETHEUS_URL),
  };
}
