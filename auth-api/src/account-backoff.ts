export interface BackoffLimit {
  /** Failed attempts on one key, from anywhere, before each further attempt has to wait. */
  freeFailures: number;
  /** The wait after the last free failure; every further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait, so that whoever causes the failures can keep a key waiting this long at most. */
  maxDelayMs: number;
  /** Quiet time after the last failure at which a key's failures are forgotten. */
  forgetAfterMs: number;
}

interface Backoff {
  failures: number;
  /** On the counter's clock: no attempt before this. */
  nextAttemptAt: number;
  forgetAt: number;
}

/**
 * Failures per key with an exponential wait: after `freeFailures` failures, each further attempt
 * waits `baseDelayMs · 2^(failures − freeFailures)`, capped at `maxDelayMs`, counted from the last
 * failure. Held in memory with a hard cap on the number of keys, failing closed as
 * {@link AttemptCounter} does: a key is never forgotten before its time, and when every slot is
 * live a new key waits. A key is moved to the back of the Map whenever it fails, and every key is
 * forgotten the same time after its last failure, so the front of the Map is always forgotten first.
 */
export class AccountBackoff {
  private readonly keys = new Map<string, Backoff>();
  private readonly forgetAfterMs: number;

  constructor(
    private readonly limit: BackoffLimit,
    private readonly capacity: number,
    /** Milliseconds on a clock that never goes back. */
    private readonly now: () => number = () => performance.now(),
  ) {
    // A key must outlive its wait, or forgetting it would end the wait early.
    this.forgetAfterMs = Math.max(limit.forgetAfterMs, limit.maxDelayMs);
  }

  /** Milliseconds until `key` may make an attempt; 0 when it may now. */
  waitMs(key: string): number {
    const now = this.now();
    this.dropForgotten(now);
    const backoff = this.keys.get(key);
    if (backoff) return Math.max(0, backoff.nextAttemptAt - now);
    if (this.keys.size < this.capacity) return 0;
    const oldest = this.keys.values().next().value as Backoff;
    return oldest.forgetAt - now;
  }

  /** True when every slot holds a live key, so a new key has to wait. */
  get saturated(): boolean {
    this.dropForgotten(this.now());
    return this.keys.size >= this.capacity;
  }

  /**
   * Counts one failure of `key`, which {@link waitMs} must just have allowed, or which is exempt
   * from waiting; an exempt new key is not counted when every slot is live.
   */
  record(key: string): void {
    const now = this.now();
    if (!this.keys.has(key) && this.saturated) return;
    const failures = (this.keys.get(key)?.failures ?? 0) + 1;
    const over = failures - this.limit.freeFailures;
    // 2^over overflows to Infinity long before it matters; the cap keeps the wait finite.
    const delay = over < 0 ? 0 : Math.min(this.limit.maxDelayMs, this.limit.baseDelayMs * 2 ** over);
    this.keys.delete(key);
    this.keys.set(key, { failures, nextAttemptAt: now + delay, forgetAt: now + this.forgetAfterMs });
  }

  /** Forgets every failure of `key`. */
  clear(key: string): void {
    this.keys.delete(key);
  }

  get size(): number {
    return this.keys.size;
  }

  private dropForgotten(now: number): void {
    for (const [key, backoff] of this.keys) {
      if (backoff.forgetAt > now) return;
      this.keys.delete(key);
    }
  }
}

/**
 * Keys remembered for a while, least recently touched dropped first when full. Losing one only
 * costs a convenience (a known client waits like a new one), so unlike the counters it may evict.
 */
export class RecentKeys {
  private readonly keys = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  add(key: string): void {
    this.keys.delete(key);
    this.keys.set(key, this.now() + this.ttlMs);
    for (const oldest of this.keys.keys()) {
      if (this.keys.size <= this.capacity) break;
      this.keys.delete(oldest);
    }
  }

  has(key: string): boolean {
    const expiresAt = this.keys.get(key);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.keys.delete(key);
    return false;
  }
}
