import { AccountBackoff, RecentKeys } from './account-backoff.ts';

const LIMIT = { freeFailures: 2, baseDelayMs: 1_000, maxDelayMs: 4_000, forgetAfterMs: 60_000 };

describe('AccountBackoff', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('waits nothing for the free failures, then base · 2^k from the last failure, capped', () => {
    const backoff = new AccountBackoff(LIMIT, 100, clock);
    const waits: number[] = [];
    for (let failure = 0; failure < 6; failure += 1) {
      now += waits.at(-1) ?? 0;
      expect(backoff.waitMs('a')).toBe(0);
      backoff.record('a');
      waits.push(backoff.waitMs('a'));
    }
    expect(waits).toEqual([0, 1_000, 2_000, 4_000, 4_000, 4_000]);
    expect(backoff.waitMs('b')).toBe(0);
  });

  it('forgets a key once it has been quiet for forgetAfterMs, and on clear', () => {
    const backoff = new AccountBackoff(LIMIT, 100, clock);
    backoff.record('a');
    backoff.record('a');
    backoff.record('b');
    backoff.clear('b');
    expect(backoff.size).toBe(1);
    now += 60_000;
    expect(backoff.waitMs('a')).toBe(0);
    expect(backoff.size).toBe(0);
  });

  it('keeps a key at least as long as its wait', () => {
    const backoff = new AccountBackoff({ ...LIMIT, freeFailures: 1, maxDelayMs: 120_000 }, 100, clock);
    for (let failure = 0; failure < 10; failure += 1) backoff.record('a');
    now += 100_000;
    expect(backoff.waitMs('a')).toBe(20_000);
  });

  it('makes a new key wait, rather than forget a live one, when every slot is taken', () => {
    const backoff = new AccountBackoff(LIMIT, 2, clock);
    backoff.record('a');
    now += 10_000;
    backoff.record('b');
    now += 10_000;
    // A failure moves its key to the back: "b" is now the first to be forgotten.
    backoff.record('a');
    expect(backoff.saturated).toBe(true);
    expect(backoff.waitMs('c')).toBe(50_000);
    backoff.record('c');
    expect(backoff.size).toBe(2);
    now += 50_000;
    expect(backoff.saturated).toBe(false);
    expect(backoff.waitMs('c')).toBe(0);
  });
});

describe('RecentKeys', () => {
  let now = 0;
  const clock = () => now;

  it('remembers a key for its time to live, counted from the last add', () => {
    const keys = new RecentKeys(1_000, 10, clock);
    keys.add('a');
    now += 600;
    keys.add('a');
    now += 600;
    expect(keys.has('a')).toBe(true);
    now += 400;
    expect(keys.has('a')).toBe(false);
  });

  it('drops the least recently added key when full', () => {
    const keys = new RecentKeys(1_000, 2, clock);
    keys.add('a');
    keys.add('b');
    keys.add('a');
    keys.add('c');
    expect(['a', 'b', 'c'].map((key) => keys.has(key))).toEqual([true, false, true]);
  });
});
