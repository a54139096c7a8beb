export interface WindowLimit {
  /** Attempts allowed per key within one window. */
  max: number;
  windowMs: number;
}

export interface Reservation {
  /** Takes the attempt back (it turned out not to count); later calls do nothing. */
  refund(): void;
}

interface Window {
  count: number;
  /** On the counter's clock. */
  endsAt: number;
}

/**
 * Attempts per key in fixed windows, held in memory with a hard cap on the number of keys.
 *
 * It never forgets a window before it ends: a store that evicts the least recently used key
 * lets a flood of cheap new keys wipe a victim's count. When every slot holds a live window, a
 * new key is refused until the oldest window ends ({@link waitMs}), which fails closed. Every
 * window lasts the same time, so the Map's insertion order is also the order windows end in,
 * and dropping ended windows only ever looks at the front of the Map.
 */
export class AttemptCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: WindowLimit,
    private readonly capacity: number,
    /** Milliseconds on a clock that never goes back. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Milliseconds until `key` may make an attempt; 0 when it may now. */
  waitMs(key: string): number {
    const now = this.now();
    this.dropEnded(now);
    const window = this.windows.get(key);
    if (window) return window.count >= this.limit.max ? window.endsAt - now : 0;
    if (this.windows.size < this.capacity) return 0;
    const oldest = this.windows.values().next().value as Window;
    return oldest.endsAt - now;
  }

  /** True when every slot holds a live window, so a new key has to wait. */
  get saturated(): boolean {
    this.dropEnded(this.now());
    return this.windows.size >= this.capacity;
  }

  /** Counts one attempt for `key`, which {@link waitMs} must just have allowed. */
  record(key: string): Reservation {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      window = { count: 0, endsAt: now + this.limit.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    const counted = window;
    let refunded = false;
    return {
      refund: () => {
        // A refund after the window ended must not take an attempt off the next window.
        if (refunded || this.windows.get(key) !== counted) return;
        refunded = true;
        counted.count -= 1;
        if (counted.count === 0) this.windows.delete(key);
      },
    };
  }

  /** Forgets every attempt of `key`. */
  clear(key: string): void {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  private dropEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt > now) return;
      this.windows.delete(key);
    }
  }
}
