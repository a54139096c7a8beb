// canary watch against the real parts: the collector takes beacons, Debian's Prometheus scrapes it,
// and one step of the watch judges the candidate from Prometheus's answers and acts on the registry.
import { freePort } from '../test/free-port.mjs';
import { publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';
import { parsePanelFigures } from '@devhub/contracts/telemetry-figures';
import { canaryStart, canaryStatus } from './canary-commands.mjs';
import { watchStep } from './canary-watch.mjs';
import { queryPrometheus, startPrometheus } from './prometheus.mjs';

// The collector's own test helper (TypeScript, another project): the real collector on free ports.
const TEST_COLLECTOR = '../../telemetry/src/test-collector.ts';

const workspace = useRemotesWorkspace();
const { registry, options } = workspace;

/** A beacon of `count` page views of `remote`'s /blog, each by `version` as `role`, with `outcome`. */
const beacon = (remote, version, role, outcome, count = 1) => ({
  schema: 1,
  environment: 'staging',
  views: Array.from({ length: count }, () => ({
    route: '/blog',
    servedBy: remote,
    remotes: [{ remote, version, role, outcome }],
  })),
});

describe('canary watch, from what browsers reported', () => {
  let running;
  let prometheus;
  /** @param {string} promql */
  const query = async (promql) => (await queryPrometheus(prometheus.url, promql))[0]?.value;

  /** Polls `promql` until its value passes `accept` (a few scrapes at most). */
  async function eventually(promql, accept) {
    const deadline = Date.now() + 20_000;
    let last;
    while (Date.now() < deadline) {
      last = await query(promql);
      if (last !== undefined && accept(last)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${promql} stayed at ${last}`);
  }

  /**
   * Posts the beacons once Prometheus has scraped the candidate's series (the collector starts them
   * at zero as it reads the registry) twice, then waits until it counts every candidate view.
   */
  async function report(remote, beacons) {
    await eventually(
      `min(count_over_time(devhub_remote_loads_total{remote="${remote}",version="1.1.0",role="candidate"}[1m]))`,
      (n) => n >= 2,
    );
    for (const sent of beacons) expect((await running.post({ json: sent })).status).toBe(204);
    const total = beacons.flatMap((sent) => sent.views).filter((view) => view.remotes[0].role === 'candidate').length;
    await eventually(
      `sum(increase(devhub_remote_loads_total{remote="${remote}",role="candidate"}[1m]))`,
      (n) => n >= total,
    );
  }

  beforeEach(async () => {
    const helpers = await import(TEST_COLLECTOR);
    const port = await freePort();
    running = await helpers.runCollector(undefined, {
      registryFile: workspace.current.registryFile,
      prometheusUrl: `http://127.0.0.1:${port}`,
    });
    prometheus = await startPrometheus({
      port,
      targets: [`127.0.0.1:${running.collector.metricsPort}`],
      scrapeIntervalSeconds: 1,
    });
  });

  afterEach(async () => {
    await prometheus?.stop();
    await running?.close();
  });

  it('rolls back at once a candidate whose pages throw, the reason and figures in the pin', async () => {
    publish(workspace.current.deployDir, 'catalog', '1.1.0');
    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 50 });
    await report('catalog', [
      beacon('catalog', '1.1.0', 'candidate', 'boundary-error', 8),
      beacon('catalog', '1.0.0', 'stable', 'loaded', 10),
    ]);

    // What canary status and the remotes panel's figures show of it beforehand, from the same queries.
    const [row] = await canaryStatus({ ...options(), query });
    expect(row).toMatchObject({
      remote: 'catalog',
      candidate: '1.1.0 (50 %)',
      'page views': expect.stringMatching(/^\d+ \/ \d+$/),
      errors: expect.stringMatching(/^\d+\.\d % \/ 0\.0 %$/),
      'failed loads': '0.0 % / 0.0 %',
    });
    const panel = await running.figures();
    expect(panel.status).toBe(200);
    const { figures } = parsePanelFigures(JSON.parse(panel.text));
    const [stable, candidate] = figures.remotes.catalog.versions;
    // Over its hour, increase() extrapolates a series younger than the window by up to a scrape.
    expect([stable.role, stable.percent, stable.errors]).toEqual(['stable', 50, 0]);
    expect(stable.views).toBeGreaterThanOrEqual(10);
    expect([candidate.version, candidate.role, candidate.percent]).toEqual(['1.1.0', 'candidate', 50]);
    expect(candidate.views).toBeGreaterThanOrEqual(8);
    // Every page view of the candidate threw, as canary status says: about all (each count is
    // increase() over its own series, extrapolated to its window's edges, so 9 errors of 8 views is
    // possible), none of the stable version's.
    expect(candidate.errors / candidate.views).toBeGreaterThanOrEqual(0.9);
    expect(row.errors).toMatch(/^(9\d|1\d\d)\.\d % \/ 0\.0 %$/);
    // Its chart: twelve steps of five minutes, the last one holding this minute's page views.
    expect(candidate.history).toHaveLength(12);
    expect(candidate.history.at(-1)?.views).toBeGreaterThanOrEqual(8);
    expect(candidate.history.slice(0, -2).every((point) => point.views === 0)).toBe(true);

    const step = await watchStep({ ...options(), remote: 'catalog', query });
    expect(step.action).toBe('rollback');
    expect(step.line).toMatch(/^catalog 1\.1\.0 at 50 %: rolled back, error ratio \d+\.\d % > 5\.0 %/);
    const pin = registry().remotes.catalog;
    expect(pin.candidate).toBeUndefined();
    expect(pin.version).toBe('1.0.0');
    expect(pin.canaryHistory[0]).toMatchObject({
      version: '1.1.0',
      outcome: 'aborted',
      reason: expect.stringMatching(/^canary watch: error ratio .* \(stable 0\.0 %; \d+ of \d+ page views\)$/),
      figures: {
        candidate: { failedLoads: 0 },
        stable: { errors: 0, failedLoads: 0 },
        windowSeconds: expect.any(Number),
      },
    });
    const { candidate: judged } = pin.canaryHistory[0].figures;
    expect(judged.views).toBeGreaterThanOrEqual(8);
    expect(judged.errors / judged.views).toBeGreaterThanOrEqual(0.9);
  });

  it('promotes a candidate whose page views went well through every step, to the stable pin', async () => {
    publish(workspace.current.deployDir, 'account', '1.1.0');
    await canaryStart({ ...options(), remote: 'account', version: '1.1.0', percent: 10 });
    const steps = [];
    for (const expected of ['step', 'step', 'step', 'promote']) {
      await report('account', [
        beacon('account', '1.1.0', 'candidate', 'loaded', 20),
        beacon('account', '1.0.0', 'stable', 'loaded', 20),
      ]);
      const step = await watchStep({ ...options(), remote: 'account', query });
      expect(step.action).toBe(expected);
      steps.push(registry().remotes.account.candidate?.percent ?? 'promoted');
    }
    expect(steps).toEqual([25, 50, 100, 'promoted']);
    const pin = registry().remotes.account;
    expect(pin).toMatchObject({ version: '1.1.0', previousVersions: ['1.0.0'] });
    expect(pin.entry).toContain('/1.1.0/');
    expect(pin.canaryHistory[0]).toMatchObject({
      version: '1.1.0',
      outcome: 'promoted',
      percent: 100,
      figures: { candidate: { errors: 0, failedLoads: 0 }, stable: { errors: 0 } },
    });
    expect(await watchStep({ ...options(), remote: 'account', query })).toMatchObject({ action: 'done' });
  });
});
