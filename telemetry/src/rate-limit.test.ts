import http from 'node:http';
import { goodBeacon, runCollector, type RunningCollector } from './test-collector.ts';

let running: RunningCollector;

afterEach(async () => {
  await running?.close();
});

/** A beacon from `client`, as the dev or preview proxy on loopback forwards it (appending the client's address). */
const from = (client: string, claimed?: string) => ({
  json: goodBeacon(),
  headers: { 'x-forwarded-for': claimed ? `${claimed}, ${client}` : client },
});

async function statuses(count: number, send: () => Promise<{ status: number }>): Promise<number[]> {
  const result: number[] = [];
  for (let index = 0; index < count; index += 1) result.push((await send()).status);
  return result;
}

describe('beacons per client', () => {
  it('answers 429 past the limit in a minute, with Retry-After, to that client only', async () => {
    running = await runCollector(undefined, { beaconsPerMinute: 3 });
    expect(await statuses(4, () => running.post(from('203.0.113.1')))).toEqual([204, 204, 204, 429]);
    const refused = await running.post(from('203.0.113.1'));
    expect([refused.status, Number(refused.headers['retry-after']) > 0]).toEqual([429, true]);
    expect(JSON.parse(refused.text)).toEqual({ message: 'too many beacons' });
    expect((await running.post(from('203.0.113.2'))).status).toBe(204);
    expect(await running.metricsText()).toMatch(/^devhub_telemetry_beacons_total\{result="rate-limited"\} 2$/m);
  });

  it('counts a bad beacon like a good one: a flood of them is limited too', async () => {
    running = await runCollector(undefined, { beaconsPerMinute: 3 });
    const bad = { body: '{', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.3' } };
    expect(await statuses(3, () => running.post(bad))).toEqual([400, 400, 400]);
    expect((await running.post(from('203.0.113.3'))).status).toBe(429);
  });

  it('knows a client by the address its proxy appended, never by one it wrote itself', async () => {
    running = await runCollector(undefined, { beaconsPerMinute: 2 });
    expect(await statuses(2, () => running.post(from('203.0.113.4')))).toEqual([204, 204]);
    // Claiming to be someone else changes nothing: the proxy's entry is last.
    expect((await running.post(from('203.0.113.4', '198.51.100.9'))).status).toBe(429);
    expect((await running.post(from('198.51.100.9', '203.0.113.4'))).status).toBe(204);
  });

  it('reads no X-Forwarded-For from a client that is no trusted proxy', async () => {
    running = await runCollector(undefined, { beaconsPerMinute: 2, trustedProxies: [] });
    // Each beacon names another client; all come from one socket address, which is what counts.
    let client = 10;
    const sent = await statuses(3, () => running.post(from(`203.0.113.${(client += 1)}`)));
    expect(sent).toEqual([204, 204, 429]);
  });

  it('counts an IPv6 client as its /64 network', async () => {
    running = await runCollector(undefined, { beaconsPerMinute: 2 });
    expect((await running.post(from('2001:db8:1:2::1'))).status).toBe(204);
    expect((await running.post(from('2001:db8:1:2:ffff::9'))).status).toBe(204);
    expect((await running.post(from('2001:db8:1:2::7'))).status).toBe(429);
    expect((await running.post(from('2001:db8:1:3::1'))).status).toBe(204);
  });

  it('meets 10,000 beacons from one client in a minute with its limit, every series and client as before', async () => {
    running = await runCollector();
    const series = async () => (await running.metricsText()).split('\n').filter((line) => /^devhub_/.test(line));
    // Twenty connections kept open, as a flooding client keeps them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const beacon = { ...from('203.0.113.20'), agent };
    expect((await running.post(beacon)).status).toBe(204);
    const before = await series();
    const counts = new Map<number, number>();
    for (let sent = 1; sent < 10_000; sent += 20) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(20, 10_000 - sent) }, () => running.post(beacon)),
      );
      for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    // The default limit, 60 a minute, all of them within the minute.
    agent.destroy();
    expect(Object.fromEntries(counts)).toEqual({ 204: 59, 429: 9_940 });
    const after = await series();
    // No series was added for the flood: only the counts of those already there moved.
    expect(after.map((line) => line.replace(/ [^ ]+$/, ''))).toEqual(before.map((line) => line.replace(/ [^ ]+$/, '')));
    expect(after).toContain('devhub_telemetry_beacons_total{result="rate-limited"} 9940');
    // Another client is served as before.
    expect((await running.post(from('203.0.113.21'))).status).toBe(204);
  });

  it('remembers a bounded number of clients: past it, the least recent is forgotten, not memory grown', async () => {
    running = await runCollector(undefined, { beaconsPerMinute: 1, trackedClients: 100 });
    expect((await running.post(from('198.51.100.1'))).status).toBe(204);
    expect((await running.post(from('198.51.100.1'))).status).toBe(429);
    for (let index = 0; index < 100; index += 1)
      await running.post(from(`10.0.${Math.floor(index / 250)}.${index % 250}`));
    // Its count is gone with it: the bound costs a forgotten count, never the collector's memory.
    expect((await running.post(from('198.51.100.1'))).status).toBe(204);
  });
});
