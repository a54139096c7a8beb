import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createFiguresSource } from './figures.ts';
import { knownLabelsOf, type KnownLabels } from './known-labels.ts';
import { REGISTRY } from './test-collector.ts';

// Prometheus's HTTP API, answered by msw: every query a count of 0, every range a single point.
const PROMETHEUS = 'http://prometheus.test';
let asked = 0;
const server = setupServer(
  http.get(`${PROMETHEUS}/api/v1/query`, () => {
    asked += 1;
    return HttpResponse.json({
      status: 'success',
      data: { resultType: 'vector', result: [{ metric: {}, value: [1, '0'] }] },
    });
  }),
  http.get(`${PROMETHEUS}/api/v1/query_range`, () => {
    asked += 1;
    return HttpResponse.json({
      status: 'success',
      data: { resultType: 'matrix', result: [{ metric: {}, values: [[1, '0']] }] },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe("the remotes panel's figures", () => {
  it('ask Prometheus once for many panels, and again at once when the registry is read anew', async () => {
    let labels = knownLabelsOf(REGISTRY) as KnownLabels;
    let clock = 0;
    const figures = createFiguresSource({ prometheusUrl: PROMETHEUS, known: () => labels, now: () => clock });
    const first = await figures.read();
    expect(Object.keys(first.remotes)).toEqual(['catalog', 'auth']);
    const perAnswer = asked;
    expect(perAnswer).toBeGreaterThan(0);

    clock = 9_000;
    await Promise.all([figures.read(), figures.read()]);
    expect(asked).toBe(perAnswer);

    // The candidate rolled back: the registry read anew is answered anew, within the 10 s.
    labels = knownLabelsOf({
      ...REGISTRY,
      remotes: { ...REGISTRY.remotes, catalog: { ...REGISTRY.remotes.catalog, candidate: undefined } },
    }) as KnownLabels;
    const after = await figures.read();
    expect(asked).toBeGreaterThan(perAnswer);
    expect(after.remotes.catalog?.versions.map((version) => version.role)).toEqual(['stable']);

    clock = 30_000;
    const counted = asked;
    await figures.read();
    expect(asked).toBeGreaterThan(counted);
  });
});
