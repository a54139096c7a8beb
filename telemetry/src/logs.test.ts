import { goodBeacon, runCollector, send, type RunningCollector } from './test-collector.ts';

let running: RunningCollector;

afterEach(async () => {
  await running.close();
});

/** Text a visitor could put anywhere in a beacon: none of it may reach a log line. */
const SECRET = 'visitor-secret-7d3f';

describe('the logs', () => {
  it('hold no text of any beacon, good, refused, malformed, too large or limited, at the most verbose level', async () => {
    running = await runCollector(undefined, { beaconsPerMinute: 9 });
    const json = { 'content-type': 'application/json' };
    const requests = [
      { json: goodBeacon() },
      // A route of the right form, taken: counted under "other", as the registry names no such route.
      { json: goodBeacon({ route: `/${SECRET}` }) },
      { json: { ...goodBeacon(), environment: `${SECRET}!` } },
      { json: goodBeacon({ [SECRET]: SECRET }) },
      { json: goodBeacon({ remotes: [{ remote: SECRET, version: SECRET, role: SECRET, outcome: SECRET }] }) },
      { body: `{"${SECRET}": "${SECRET}`, headers: json },
      { body: `${SECRET} is not JSON`, headers: { 'content-type': 'text/plain' } },
      { body: JSON.stringify({ padding: SECRET.repeat(2_000) }), headers: json },
      { body: SECRET, headers: { 'content-type': `application/${SECRET}` } },
      // Past the limit: the limiter's refusal is logged too.
      { json: goodBeacon({ route: `/${SECRET}` }) },
    ];
    const statuses = [];
    for (const init of requests) statuses.push((await running.post(init)).status);
    expect(statuses).toEqual([204, 204, 400, 400, 400, 400, 400, 413, 415, 429]);
    // A path is no beacon, but a visitor may write one too.
    expect((await send(running.collector.port, 'GET', `/api/telemetry/${SECRET}?${SECRET}=1`)).status).toBe(404);

    const lines = running.logs();
    // It did log: each refusal, at debug, by its status and the fields at fault.
    expect(lines.filter((line) => line.includes('"beacon refused"')).length).toBeGreaterThanOrEqual(7);
    expect(lines.filter((line) => line.includes(SECRET))).toEqual([]);
    expect(await running.metricsText()).not.toContain(SECRET);
  });
});
