import { resultOf } from './prometheus-answer.js';
import { figureQueries, historyQueries, lastCanaryOf, parsePanelFigures } from './telemetry-figures.js';

const labels = {
  environment: 'preview',
  remote: 'catalog',
  version: '1.5.0',
  role: /** @type {const} */ ('candidate'),
};

describe("the figures' queries", () => {
  it('count one version by every label, over its window, and 0 without a series', () => {
    const queries = figureQueries({ ...labels, windowSeconds: 600 });
    expect(queries.views).toBe(
      '(sum(increase(devhub_remote_loads_total{environment="preview",remote="catalog",version="1.5.0",role="candidate"}[600s])) or vector(0))',
    );
    expect(queries.errors).toContain('outcome="boundary-error"');
    expect(queries.errors).toContain('devhub_remote_errors_total');
    expect(queries.lcpP75).toMatch(/^histogram_quantile\(0\.75, .*metric="lcp"\}\[600s\]\)\)\)$/);
    // The chart's: the same counts, over one step each.
    const history = historyQueries({ ...labels, stepSeconds: 300 });
    expect(history.views).toBe(queries.views.replace('[600s]', '[300s]'));
    expect(history.errors).toBe(queries.errors.replaceAll('[600s]', '[300s]'));
  });
});

describe("Prometheus's answers", () => {
  it('give the vector or matrix asked for, or one line why not', () => {
    const vector = { status: 'success', data: { resultType: 'vector', result: [{ metric: {}, value: [1, 'NaN'] }] } };
    expect(resultOf(vector, 'vector')).toEqual({ result: [{ metric: {}, value: NaN, time: 1 }] });
    const matrix = {
      status: 'success',
      data: { resultType: 'matrix', result: [{ metric: {}, values: [[1, '+Inf']] }] },
    };
    expect(resultOf(matrix, 'matrix')).toEqual({ result: [{ metric: {}, values: [{ time: 1, value: Infinity }] }] });
    expect(resultOf(matrix, 'vector')).toEqual({ problem: 'a matrix result, not an instant vector' });
    expect(resultOf({ status: 'error', error: 'parse error:\n  at 1' }, 'matrix')).toEqual({
      problem: 'parse error: at 1',
    });
  });
});

describe("the remotes panel's figures", () => {
  const version = {
    version: '1.5.0',
    role: 'candidate',
    percent: 10,
    views: 8,
    errors: 2,
    failedLoads: 0,
    lcpP75: 1200,
    history: [{ at: 1, views: 8, errors: 2 }],
  };
  const answer = {
    schema: 1,
    environment: 'preview',
    windowSeconds: 3600,
    stepSeconds: 300,
    remotes: {
      catalog: { versions: [version], last: { version: '1.4.0', outcome: 'promoted', at: '2026-11-29T12:00:00Z' } },
    },
  };

  it('are read when well formed, and refused otherwise, in one line', () => {
    expect(parsePanelFigures(answer)).toEqual({ figures: answer });
    expect(parsePanelFigures({ ...answer, schema: 2 })).toEqual({ problem: 'not figures of schema 1' });
    expect(parsePanelFigures({ ...answer, remotes: { catalog: { versions: [{ ...version, views: -1 }] } } })).toEqual({
      problem: 'the figures of "catalog" are malformed',
    });
    expect(
      parsePanelFigures({ ...answer, remotes: { catalog: [{ ...version, history: [{ at: 1 }] }] } }),
    ).toHaveProperty('problem');
  });
});

describe("a pin's last canary", () => {
  it('is the newest entry of its history, as the panel shows it, or none', () => {
    const aborted = {
      version: '9.2.0',
      percent: 50,
      outcome: 'aborted',
      at: '2026-11-29T12:05:00Z',
      reason: 'canary watch: error ratio 50.0 % > 5.0 %',
      figures: {},
    };
    const promoted = { version: '9.1.0', percent: 100, outcome: 'promoted', at: '2026-11-28T12:05:00Z' };
    expect(lastCanaryOf({ canaryHistory: [aborted, promoted] })).toEqual({
      version: '9.2.0',
      outcome: 'aborted',
      at: '2026-11-29T12:05:00Z',
      reason: 'canary watch: error ratio 50.0 % > 5.0 %',
    });
    expect(lastCanaryOf({ canaryHistory: [promoted] })).toEqual({
      version: '9.1.0',
      outcome: 'promoted',
      at: '2026-11-28T12:05:00Z',
    });
    expect([lastCanaryOf({}), lastCanaryOf({ canaryHistory: [{ version: 1 }] }), lastCanaryOf(null)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
