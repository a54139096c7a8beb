import { AttemptCounter } from './attempt-counter.ts';

describe('AttemptCounter', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('allows max attempts per key in a window, then says how long to wait', () => {
    const counter = new AttemptCounter({ max: 3, windowMs: 60_000 }, 100, clock);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(counter.waitMs('a')).toBe(0);
      counter.record('a');
    }
    now += 10_000;
    expect(counter.waitMs('a')).toBe(50_000);
    expect(counter.waitMs('b')).toBe(0);
  });

  it('starts a fresh window once the last one ended, and forgets ended windows', () => {
    const counter = new AttemptCounter({ max: 1, windowMs: 60_000 }, 100, clock);
    counter.record('a');
    counter.record('b');
    now += 60_000;
    expect(counter.waitMs('a')).toBe(0);
    expect(counter.size).toBe(0);
  });

  it('takes a refunded attempt back, once, and never from a later window', () => {
    const counter = new AttemptCounter({ max: 1, windowMs: 60_000 }, 100, clock);
    const first = counter.record('a');
    first.refund();
    first.refund();
    expect(counter.waitMs('a')).toBe(0);
    expect(counter.size).toBe(0);

    const stale = counter.record('a');
    now += 60_000;
    counter.record('a');
    stale.refund();
    expect(counter.waitMs('a')).toBeGreaterThan(0);
  });

  it('clears a key', () => {
    const counter = new AttemptCounter({ max: 1, windowMs: 60_000 }, 100, clock);
    counter.record('a');
    counter.clear('a');
    expect(counter.waitMs('a')).toBe(0);
  });

  it('never drops a live window to make room: a full counter makes new keys wait for the oldest window', () => {
    const counter = new AttemptCounter({ max: 2, windowMs: 60_000 }, 3, clock);
    counter.record('victim');
    counter.record('victim');
    now += 1_000;
    counter.record('x');
    counter.record('y');
    expect(counter.saturated).toBe(true);

    now += 1_000;
    expect(counter.waitMs('new')).toBe(58_000);
    expect(counter.waitMs('x')).toBe(0);
    expect(counter.waitMs('victim')).toBe(58_000);
    expect(counter.size).toBe(3);

    now += 58_000;
    expect(counter.waitMs('new')).toBe(0);
    expect(counter.saturated).toBe(false);
  });

  it('holds at most its capacity of keys, however many are offered', () => {
    const counter = new AttemptCounter({ max: 5, windowMs: 60_000 }, 1_000, clock);
    for (let key = 0; key < 5_000; key += 1) {
      if (counter.waitMs(`k${key}`) === 0) counter.record(`k${key}`);
    }
    expect(counter.size).toBe(1_000);
  });
});
