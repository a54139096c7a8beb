import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goodBeacon, runCollector, send, seriesValue, type RunningCollector } from './test-collector.ts';

/** The preview server and the browser tests' server (scripts/lib/static-server.mjs), untyped JavaScript. */
interface StaticServerModule {
  createStaticServer(options: { root: string; telemetryTarget: string }): Server;
  listen(server: Server, port: number, host: string): Promise<number>;
  closeServer(server: Server): Promise<void>;
}

const STATIC_SERVER = '../../scripts/lib/static-server.mjs';

let root: string;
let running: RunningCollector;
let proxy: Server;
let proxyPort: number;
let closeProxy: () => Promise<void>;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'telemetry-proxy-'));
  running = await runCollector(undefined, { beaconsPerMinute: 2 });
  const { createStaticServer, listen, closeServer } = (await import(STATIC_SERVER)) as StaticServerModule;
  proxy = createStaticServer({ root, telemetryTarget: `http://127.0.0.1:${running.collector.port}` });
  proxyPort = await listen(proxy, 0, '127.0.0.1');
  closeProxy = () => closeServer(proxy);
});

afterEach(async () => {
  await closeProxy();
  await running.close();
  rmSync(root, { recursive: true, force: true });
});

/** A browser at `address` sending beacons through the preview server, as every browser does. */
const beaconFrom = (address: string, headers: Record<string, string> = {}) =>
  send(proxyPort, 'POST', '/api/telemetry', {
    localAddress: address,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: JSON.stringify(goodBeacon()),
  });

describe('behind the preview server', () => {
  it('takes beacons, and limits each browser on its own', async () => {
    const statuses = async (address: string, headers?: Record<string, string>) => [
      (await beaconFrom(address, headers)).status,
      (await beaconFrom(address, headers)).status,
      (await beaconFrom(address, headers)).status,
    ];
    expect(await statuses('127.0.0.2')).toEqual([204, 204, 429]);
    // Naming another browser in its own X-Forwarded-For changes nothing: the proxy's entry is last.
    expect((await beaconFrom('127.0.0.2', { 'x-forwarded-for': '127.0.0.3' })).status).toBe(429);
    expect(await statuses('127.0.0.3')).toEqual([204, 204, 429]);
    const loads = seriesValue(await running.metricsText(), 'devhub_remote_loads_total', {
      environment: 'preview',
      remote: 'catalog',
      version: '1.4.0',
      role: 'stable',
      outcome: 'loaded',
    });
    expect(loads).toBe(4);
  });

  it('leads nowhere near the metrics', async () => {
    for (const path of ['/metrics', '/api/telemetry/metrics', '/api/telemetry/../../metrics', '/api/metrics']) {
      const response = await send(proxyPort, 'GET', path, { localAddress: '127.0.0.4' });
      expect([path, response.status === 200, response.text.includes('devhub_')]).toEqual([path, false, false]);
    }
  });
});
