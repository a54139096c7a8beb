import { goodBeacon, runCollector, send, seriesValue, type RunningCollector } from './test-collector.ts';

let running: RunningCollector;

beforeEach(async () => {
  running = await runCollector();
});

afterEach(async () => {
  await running.close();
});

const loadsOfCatalog = async () =>
  seriesValue(await running.metricsText(), 'devhub_remote_loads_total', {
    environment: 'preview',
    remote: 'catalog',
    version: '1.4.0',
    role: 'stable',
    outcome: 'loaded',
  });

describe('POST /api/telemetry', () => {
  it('takes a beacon sent as application/json, and as the text/plain sendBeacon sends for a string: 204', async () => {
    const json = await running.post({ json: goodBeacon() });
    expect([json.status, json.text]).toEqual([204, '']);
    const text = await running.post({
      body: JSON.stringify(goodBeacon()),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(text.status).toBe(204);
    expect(await loadsOfCatalog()).toBe(2);
  });

  it('answers 400 to malformed JSON and to no body, and counts nothing', async () => {
    for (const body of ['{"schema":1,', '', 'null x', '{"__proto__":{"polluted":1}}']) {
      for (const type of ['application/json', 'text/plain']) {
        const response = await running.post({ body, headers: { 'content-type': type } });
        expect([body, type, response.status]).toEqual([body, type, 400]);
      }
    }
    expect(await loadsOfCatalog()).toBe(0);
  });

  it('answers 400 to a beacon the contract refuses, naming the field and never repeating the beacon', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.secret';
    const beacon = goodBeacon({ route: `/blog?token=${secret}`, [secret]: 1 });
    const response = await running.post({ json: beacon });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({
      message: 'beacon refused',
      problems: [
        'views[0] holds a field this schema does not know',
        expect.stringMatching(/^views\[0\]\.route must be a route pattern/),
      ],
    });
    expect(response.text).not.toContain(secret);
    expect(await loadsOfCatalog()).toBe(0);
  });

  it('answers 413 to a body over 16 KiB, whether it says its length or not', async () => {
    const big = JSON.stringify({ ...goodBeacon(), padding: 'x'.repeat(16 * 1024) });
    expect((await running.post({ body: big, headers: { 'content-type': 'application/json' } })).status).toBe(413);
    const chunked = await running.post({
      body: big,
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(413);
  });

  it('answers 415 to a body of another type', async () => {
    const form = await running.post({ body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
  });

  it('answers nothing else: other methods and paths are 404, the metrics above all', async () => {
    const port = running.collector.port;
    for (const [method, path] of <Array<[string, string]>>[
      ['GET', '/api/telemetry'],
      ['GET', '/metrics'],
      ['GET', '/api/telemetry/../metrics'],
      ['GET', '/api/telemetry/%2e%2e/metrics'],
      ['GET', '/api/telemetry/metrics'],
      ['GET', '//metrics'],
      ['POST', '/metrics'],
      ['POST', '/api/telemetry/x'],
    ]) {
      const response = await send(port, method, path);
      expect([method, path, response.status, response.text.includes('devhub_')]).toEqual([method, path, 404, false]);
    }
  });

  it('stays up through a burst of bad requests, then takes a good beacon', async () => {
    const bad = [
      { body: '{', headers: { 'content-type': 'application/json' } },
      { body: 'x'.repeat(20_000), headers: { 'content-type': 'text/plain' } },
      { json: { schema: 1 } },
      { json: [] },
      { json: goodBeacon({ vitals: { lcp: -1 } }) },
      { body: '\u0000\uffff', headers: { 'content-type': 'application/json; charset=latin1' } },
      { body: '{}', headers: { 'content-type': 'image/png' } },
    ];
    // From other clients than the good beacon's: their limit is not what this tests.
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        running
          .post({ ...bad[index % bad.length], localAddress: `127.0.1.${index}` })
          .then((response) => response.status),
      ),
    );
    expect(statuses.every((status) => status >= 400 && status < 500)).toBe(true);
    expect((await running.post({ json: goodBeacon(), localAddress: '127.0.2.1' })).status).toBe(204);
    expect(await loadsOfCatalog()).toBe(1);
  });
});

describe('GET /api/telemetry/figures', () => {
  it('says in one line that it knows no Prometheus (no error: nothing is wrong), or that its Prometheus did not answer', async () => {
    const without = await running.figures();
    expect([without.status, JSON.parse(without.text)]).toEqual([
      200,
      expect.objectContaining({ remotes: {}, unavailable: 'no Prometheus to read figures from (PROMETHEUS_URL)' }),
    ]);
    await running.close();
    // Nothing listens on port 9 (discard) of loopback: a Prometheus that is down.
    running = await runCollector(undefined, { prometheusUrl: 'http://127.0.0.1:9' });
    const down = await running.figures();
    expect([down.status, JSON.parse(down.text)]).toEqual([
      502,
      { message: 'Prometheus at http://127.0.0.1:9 did not answer' },
    ]);
  });
});
