type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Records the outcome on the promise itself, as React's `use` expects of a cached promise: once
 * settled, `use` reads it at once instead of suspending (and React would then hold the
 * skeleton for at least 300 ms).
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Tracked<T>;
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}
