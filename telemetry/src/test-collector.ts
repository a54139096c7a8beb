import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startCollector, type Collector, type CollectorOptions } from './collector.ts';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';
import { FIGURES_PATH } from '@devhub/contracts/telemetry-figures';

/** A registry of the preview environment: catalog pinned at 1.4.0 with a candidate that adds /courses, auth at 1.0.0. */
export const REGISTRY = {
  environment: 'preview',
  remotes: {
    catalog: {
      entry: '/deploy/remote-catalog/1.4.0/mf-manifest.json',
      version: '1.4.0',
      candidate: {
        entry: '/deploy/remote-catalog/1.5.0-rc.1/mf-manifest.json',
        version: '1.5.0-rc.1',
        percent: 10,
        routes: [
          {
            expose: 'ListingPage',
            what: 'danh sách',
            layout: 'main',
            access: 'public',
            routes: [{ path: '/courses' }],
          },
        ],
      },
      routes: [
        {
          expose: 'ListingPage',
          what: 'danh sách',
          layout: 'main',
          access: 'public',
          routes: [{ path: '/blog' }, { path: '/docs' }],
        },
      ],
    },
    auth: {
      entry: '/deploy/remote-auth/1.0.0/mf-manifest.json',
      version: '1.0.0',
      routes: [
        {
          expose: 'SignInPage',
          what: 'đăng nhập',
          layout: 'standalone',
          access: 'public',
          routes: [{ path: '/signin' }],
        },
      ],
    },
  },
  allowedOverrideOrigins: [],
};

/** A beacon the registry above names every value of: one page view of /blog. */
export function goodBeacon(view: Record<string, unknown> = {}) {
  return {
    schema: 1,
    environment: 'preview',
    views: [
      {
        route: '/blog',
        servedBy: 'catalog',
        remotes: [
          { remote: 'catalog', version: '1.4.0', role: 'stable', outcome: 'loaded' },
          { remote: 'auth', version: '1.0.0', role: 'stable', outcome: 'loaded' },
        ],
        vitals: { lcp: 1200, inp: 80, cls: 0.05, ttfb: 150 },
        errors: [{ remote: 'catalog', count: 1 }],
        ...view,
      },
    ],
  };
}

export interface RequestInit {
  body?: string | Buffer;
  json?: unknown;
  headers?: Record<string, string>;
  /** The client's own address, e.g. "127.0.0.2" (any 127.x address works on Linux loopback). */
  localAddress?: string;
  /** Connections kept open between requests (a flood's); default: a connection of its own. */
  agent?: http.Agent;
}

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request on its own connection, its path sent as written (node:http with a path, not a URL:
 * a URL would resolve "/a/../b" before it is sent, and fetch cannot choose its local address).
 */
export function send(port: number, method: string, path: string, init: RequestInit = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, headers, localAddress: init.localAddress, agent: init.agent ?? false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface RunningCollector {
  collector: Collector;
  registryFile: string;
  /** Every log line so far, as written. */
  logs(): string[];
  post(init: RequestInit): Promise<TestResponse>;
  /** The metrics as Prometheus reads them, from the metrics port. */
  metricsText(): Promise<string>;
  /** What the remotes panel asks: GET /api/telemetry/figures. */
  figures(): Promise<TestResponse>;
  close(): Promise<void>;
}

/** The real collector on free ports of 127.0.0.1, reading `registry` from a file of its own, logging everything. */
export async function runCollector(
  registry: unknown = REGISTRY,
  options: Partial<CollectorOptions> = {},
): Promise<RunningCollector> {
  const dir = mkdtempSync(join(tmpdir(), 'telemetry-test-'));
  const registryFile = join(dir, 'remotes.json');
  writeFileSync(registryFile, typeof registry === 'string' ? registry : JSON.stringify(registry));
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const collector = await startCollector({
    registryFile,
    host: '127.0.0.1',
    port: 0,
    metricsPort: 0,
    logLevel: 'trace',
    logStream,
    registryIntervalMs: 50,
    ...options,
  });
  return {
    collector,
    registryFile,
    logs: () => [...lines],
    post: (init) => send(collector.port, 'POST', TELEMETRY_PATH, init),
    metricsText: async () => (await send(collector.metricsPort, 'GET', '/metrics')).text,
    figures: () => send(collector.port, 'GET', FIGURES_PATH),
    close: async () => {
      await collector.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The value of one series in Prometheus's text format, e.g. `devhub_remote_loads_total{…}`; undefined if absent. */
export function seriesValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2]?.split(',') ?? [];
    if (present.length === wanted.length && wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}
