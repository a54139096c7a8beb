import { DEFAULT_POLICY, judge, policyOf } from './canary-judgement.mjs';

/** @param {Partial<import('./canary-judgement.mjs').Figures>} change */
const figures = (change = {}) => ({ views: 100, failedLoads: 0, errors: 0, lcpP75: 1800, inpP75: 120, ...change });
const stable = figures({ views: 400, errors: 2 });

describe('judging a candidate', () => {
  it('steps a good candidate up through the shares, and promotes it at the last', () => {
    expect(judge({ percent: 10, candidate: figures(), stable })).toMatchObject({ action: 'step', percent: 25 });
    expect(judge({ percent: 25, candidate: figures(), stable })).toMatchObject({ action: 'step', percent: 50 });
    expect(judge({ percent: 50, candidate: figures(), stable })).toMatchObject({ action: 'step', percent: 100 });
    expect(judge({ percent: 100, candidate: figures(), stable })).toMatchObject({ action: 'promote' });
  });

  it('waits for enough page views before a step', () => {
    expect(judge({ percent: 10, candidate: figures({ views: 19 }), stable })).toEqual({
      action: 'wait',
      reason: '19 of 20 page views of the candidate so far',
    });
  });

  it.each([
    [{ views: 10, errors: 5 }, 'error ratio 50.0 % > 5.0 % (stable 0.5 %; 5 of 10 page views)'],
    [{ views: 100, failedLoads: 3 }, 'failed loads 3.0 % > 2.0 % (3 of 100 page views)'],
    [{ lcpP75: 3400 }, 'p75 LCP 3400 ms > 1.25 × stable 1800 ms'],
    [{ inpP75: 260 }, 'p75 INP 260 ms > 1.25 × stable 120 ms'],
  ])('rolls back at once a candidate with %j, saying why with the figures', (change, reason) => {
    expect(judge({ percent: 50, candidate: figures(change), stable })).toEqual({ action: 'rollback', reason });
  });

  it.each([
    ['two errors in two page views: no trend yet', { views: 2, errors: 2 }],
    ['slower, but still good', { lcpP75: 2400 }],
    ['slower INP without enough page views', { views: 5, inpP75: 900 }],
  ])('does not roll back on %s', (_what, change) => {
    expect(judge({ percent: 10, candidate: figures(change), stable }).action).not.toBe('rollback');
  });
});

describe("an environment's canary policy", () => {
  it('is the defaults, or the defaults with what the environment sets', () => {
    expect(policyOf(undefined)).toEqual({ policy: DEFAULT_POLICY });
    expect(policyOf({ steps: [5, 100], minViews: 50 })).toEqual({
      policy: { ...DEFAULT_POLICY, steps: [5, 100], minViews: 50 },
    });
  });

  it.each([
    [[], '"canaryPolicy" must be an object'],
    [{ steps: [50, 25, 100] }, '"canaryPolicy.steps" must be whole percents, ascending, ending at 100'],
    [{ steps: [10, 50] }, '"canaryPolicy.steps" must be whole percents, ascending, ending at 100'],
    [{ minViews: 0 }, '"canaryPolicy.minViews" must be a whole number ≥ 1'],
    [{ maxErrorRatio: 5 }, '"canaryPolicy.maxErrorRatio" must be from 0 to 1'],
    [{ maxSlowdown: 0.5 }, '"canaryPolicy.maxSlowdown" must be a number ≥ 1'],
    [{ slowFloorMs: { lcp: 1 } }, '"canaryPolicy.slowFloorMs" must give lcp and inp in milliseconds'],
    [{ stepz: [] }, '"canaryPolicy" has no setting "stepz"'],
  ])('refuses %j in one line', (settings, problem) => {
    expect(policyOf(settings)).toEqual({ problem });
  });
});
