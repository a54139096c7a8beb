import { validateBeacon, type Beacon } from '@devhub/contracts/telemetry';
import { knownLabelsOf, type KnownLabels } from './known-labels.ts';
import { createMetrics } from './metrics.ts';
import { goodBeacon, REGISTRY, seriesValue } from './test-collector.ts';

function knownOf(registry: unknown): KnownLabels {
  const known = knownLabelsOf(registry);
  if (typeof known === 'string') throw new Error(known);
  return known;
}

const KNOWN = knownOf(REGISTRY);

/** `raw` checked by the contract first, as the server does. */
function beaconOf(raw: unknown): Beacon {
  const { beacon, problems } = validateBeacon(raw);
  if (!beacon) throw new Error(JSON.stringify(problems));
  return beacon;
}

async function recorded(raws: unknown[], known = KNOWN) {
  const metrics = createMetrics();
  for (const raw of raws) metrics.record(beaconOf(raw), known);
  return metrics.registry.metrics();
}

const remote = (name: string, version: string, role = 'stable', outcome = 'loaded') => ({
  remote: name,
  version,
  role,
  outcome,
});

describe('what the registry names labels the metrics', () => {
  it('counts loads, errors and vitals under the names, versions and routes the registry has', async () => {
    const text = await recorded([goodBeacon()]);
    const catalog = { environment: 'preview', remote: 'catalog', version: '1.4.0', role: 'stable' };
    expect(seriesValue(text, 'devhub_remote_loads_total', { ...catalog, outcome: 'loaded' })).toBe(1);
    expect(seriesValue(text, 'devhub_remote_errors_total', catalog)).toBe(1);
    const page = { ...catalog, route: '/blog' };
    expect(seriesValue(text, 'devhub_web_vital_milliseconds_sum', { ...page, metric: 'lcp' })).toBe(1200);
    expect(seriesValue(text, 'devhub_web_vital_milliseconds_count', { ...page, metric: 'inp' })).toBe(1);
    expect(seriesValue(text, 'devhub_web_vital_milliseconds_bucket', { ...page, metric: 'ttfb', le: '150' })).toBe(1);
    expect(seriesValue(text, 'devhub_web_vital_milliseconds_bucket', { ...page, metric: 'ttfb', le: '100' })).toBe(0);
    expect(seriesValue(text, 'devhub_cls_sum', page)).toBe(0.05);
    // The vitals are the page's: the remote that served it has them, the others on the page none.
    expect(text).not.toMatch(/devhub_web_vital_milliseconds_count\{[^}]*remote="auth"/);
  });

  it("knows the candidate's version and routes beside the stable pin's", async () => {
    const view = {
      route: '/courses',
      remotes: [remote('catalog', '1.5.0-rc.1', 'candidate', 'boundary-error')],
      errors: [],
    };
    const text = await recorded([goodBeacon(view)]);
    const candidate = { environment: 'preview', remote: 'catalog', version: '1.5.0-rc.1', role: 'candidate' };
    expect(seriesValue(text, 'devhub_remote_loads_total', { ...candidate, outcome: 'boundary-error' })).toBe(1);
    expect(seriesValue(text, 'devhub_cls_count', { ...candidate, route: '/courses' })).toBe(1);
  });

  it('knows no version of a candidate the registry refuses', async () => {
    const catalog = { ...REGISTRY.remotes.catalog, candidate: { version: '2.0.0' } };
    const known = knownOf({ ...REGISTRY, remotes: { ...REGISTRY.remotes, catalog } });
    const text = await recorded(
      [goodBeacon({ remotes: [remote('catalog', '2.0.0', 'candidate')], errors: [] })],
      known,
    );
    expect(text).not.toContain('2.0.0');
    expect(text).toMatch(/devhub_remote_loads_total\{[^}]*remote="catalog",version="other",role="candidate"/);
  });

  it('counts a remote, version, route or environment the registry does not name as "other"', async () => {
    const text = await recorded([
      { ...goodBeacon(), environment: 'staging' },
      goodBeacon({ route: '/signin' }),
      goodBeacon({ remotes: [remote('catalog', '9.9.9'), remote('forum', '1.0.0', 'stable', 'failed')] }),
    ]);
    const base = { remote: 'catalog', version: '1.4.0', role: 'stable', outcome: 'loaded' };
    expect(seriesValue(text, 'devhub_remote_loads_total', { ...base, environment: 'other' })).toBe(1);
    expect(seriesValue(text, 'devhub_remote_loads_total', { ...base, environment: 'preview', version: 'other' })).toBe(
      1,
    );
    expect(
      seriesValue(text, 'devhub_remote_loads_total', {
        environment: 'preview',
        remote: 'other',
        version: 'other',
        role: 'stable',
        outcome: 'failed',
      }),
    ).toBe(1);
    // /signin is a route of auth's, not of the catalog's that served this page.
    const labels = { environment: 'preview', remote: 'catalog', version: '1.4.0', role: 'stable', metric: 'lcp' };
    expect(seriesValue(text, 'devhub_web_vital_milliseconds_count', { ...labels, route: 'other' })).toBe(1);
    expect(text).not.toMatch(/staging|9\.9\.9|forum|\/signin/);
  });

  it('keeps to a bounded set of series, whatever names a flood of beacons makes up', async () => {
    const made = Array.from({ length: 500 }, (_, index) =>
      goodBeacon({
        route: `/made-up-${index}/:id`,
        servedBy: `r${index}`,
        remotes: [remote(`r${index}`, `${index}.0.0`, index % 2 ? 'stable' : 'candidate')],
        errors: [{ remote: `r${index}`, count: 1 }],
      }),
    );
    const series = (text: string) => text.split('\n').filter((line) => line.startsWith('devhub_')).length;
    const few = series(await recorded(made.slice(0, 2).map((raw) => ({ ...raw, environment: 'x' }))));
    const many = series(await recorded(made.map((raw, index) => ({ ...raw, environment: `e${index}` }))));
    expect(many).toBe(few);
  });

  it('labels nothing by name while no registry could be read', async () => {
    const text = await recorded([goodBeacon()], { environment: undefined, remotes: new Map() });
    expect(text).not.toMatch(/preview|catalog|1\.4\.0|\/blog/);
  });
});

describe('knownLabelsOf', () => {
  it('names a pin the registry refuses: the shell reports its refusal under that name', () => {
    const known = knownOf({
      ...REGISTRY,
      remotes: { ...REGISTRY.remotes, forum: { entry: 'javascript:alert(1)', version: '0.1.0' } },
    });
    expect([...known.remotes.keys()].sort()).toEqual(['auth', 'catalog', 'forum']);
    expect([...(known.remotes.get('forum')?.versions ?? [])]).toEqual(['0.1.0']);
  });

  it('says which fields make a file no registry', () => {
    expect(knownLabelsOf({ remotes: {}, allowedOverrideOrigins: 'x' })).toBe('allowedOverrideOrigins');
    expect(knownLabelsOf([])).toBe('the file');
  });
});

describe('the series of what the registry names', () => {
  it('start at zero before any beacon, for every version, role and outcome, and nothing else', async () => {
    const metrics = createMetrics();
    metrics.prime(KNOWN);
    const text = await metrics.registry.metrics();
    const candidate = { environment: 'preview', remote: 'catalog', version: '1.5.0-rc.1', role: 'candidate' };
    expect(seriesValue(text, 'devhub_remote_loads_total', { ...candidate, outcome: 'boundary-error' })).toBe(0);
    expect(seriesValue(text, 'devhub_remote_errors_total', candidate)).toBe(0);
    // Two remotes: catalog with two versions, auth with one; two roles; five outcomes.
    expect(text.split('\n').filter((line) => line.startsWith('devhub_remote_loads_total{'))).toHaveLength(3 * 2 * 5);
    metrics.record(beaconOf(goodBeacon()), KNOWN);
    const after = await metrics.registry.metrics();
    expect(
      seriesValue(after, 'devhub_remote_loads_total', {
        environment: 'preview',
        remote: 'catalog',
        version: '1.4.0',
        role: 'stable',
        outcome: 'loaded',
      }),
    ).toBe(1);
  });
});

describe('a page view with errors', () => {
  it('counts once, however many errors it had: one view cannot outweigh many', async () => {
    const text = await recorded([goodBeacon({ errors: [{ remote: 'catalog', count: 1000 }] })]);
    const catalog = { environment: 'preview', remote: 'catalog', version: '1.4.0', role: 'stable' };
    expect(seriesValue(text, 'devhub_remote_errors_total', catalog)).toBe(1);
  });
});
