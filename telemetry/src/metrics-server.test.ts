import { goodBeacon, runCollector, send, type RunningCollector } from './test-collector.ts';

let running: RunningCollector;

beforeAll(async () => {
  running = await runCollector();
});

afterAll(async () => {
  await running.close();
});

describe('the metrics port', () => {
  it('answers GET /metrics in the Prometheus text format, with what the beacons reported', async () => {
    expect((await running.post({ json: goodBeacon() })).status).toBe(204);
    const response = await send(running.collector.metricsPort, 'GET', '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toContain('# TYPE devhub_web_vital_milliseconds histogram');
    expect(response.text).toMatch(/^devhub_telemetry_beacons_total\{result="accepted"\} 1$/m);
  });

  it('answers nothing else', async () => {
    for (const [method, path] of <Array<[string, string]>>[
      ['POST', '/metrics'],
      ['GET', '/'],
      ['GET', '/api/telemetry'],
      ['POST', '/api/telemetry'],
    ]) {
      expect([method, path, (await send(running.collector.metricsPort, method, path)).status]).toEqual([
        method,
        path,
        404,
      ]);
    }
  });
});
