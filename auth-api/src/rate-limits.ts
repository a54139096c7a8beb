import { AttemptCounter, type Reservation, type WindowLimit } from './attempt-counter.ts';
import { accountKey } from './validation.ts';

export interface RateLimits {
  /** Failed logins per client and username: a password guessed against one account. */
  loginFailuresPerAccount: WindowLimit;
  /**
   * Failed logins per client, whatever the username: stops password spraying, and bounds how
   * many per-account counters one client can create.
   */
  loginFailuresPerClient: WindowLimit;
  /** Registrations per client, counted whether they succeed or not: each costs a hash and may answer 409. */
  registrationsPerClient: WindowLimit;
  /** Keys each counter tracks at most (~100 bytes each); past that, new clients wait. */
  trackedKeys: number;
}

const MINUTE_MS = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE_MS },
  loginFailuresPerClient: { max: 30, windowMs: 15 * MINUTE_MS },
  registrationsPerClient: { max: 20, windowMs: 60 * MINUTE_MS },
  trackedKeys: 100_000,
};

export class TooManyAttemptsError extends Error {
  readonly retryAfterSeconds: number;
  /** The counter was full of live windows, rather than this client being over its limit. */
  readonly saturated: boolean;

  constructor(waitMs: number, saturated: boolean) {
    super('too many attempts');
    this.name = 'TooManyAttemptsError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    this.saturated = saturated;
  }
}

export interface LoginAttempt {
  /** The password was right: this attempt does not count, and the account's failures from this client are forgotten. */
  succeeded(): void;
}

export interface RateLimiter {
  /**
   * Counts a login as failed before its password is checked, so that parallel guesses cannot all
   * pass the check before the first is counted. Throws TooManyAttemptsError when the client or
   * the account is over its limit; then nothing is counted and no key is created.
   */
  beginLogin(client: string, username: string): LoginAttempt;
  /** Counts a registration; throws TooManyAttemptsError when the client is over its limit. */
  beginRegistration(client: string): void;
}

export function createRateLimiter(limits: RateLimits, now?: () => number): RateLimiter {
  const perClient = new AttemptCounter(limits.loginFailuresPerClient, limits.trackedKeys, now);
  const perAccount = new AttemptCounter(limits.loginFailuresPerAccount, limits.trackedKeys, now);
  const registrations = new AttemptCounter(limits.registrationsPerClient, limits.trackedKeys, now);

  /** All keys are checked before any is counted, so a refused attempt leaves no trace. */
  function admit(entries: Array<[AttemptCounter, string]>): Reservation[] {
    const waitMs = Math.max(...entries.map(([counter, key]) => counter.waitMs(key)));
    if (waitMs > 0) {
      throw new TooManyAttemptsError(
        waitMs,
        entries.some(([counter]) => counter.saturated),
      );
    }
    return entries.map(([counter, key]) => counter.record(key));
  }

  return {
    beginLogin(client, username) {
      const account = `${client}\n${accountKey(username)}`;
      const [clientAttempt] = admit([
        [perClient, client],
        [perAccount, account],
      ]);
      return {
        succeeded() {
          clientAttempt?.refund();
          perAccount.clear(account);
        },
      };
    },
    beginRegistration(client) {
      admit([[registrations, client]]);
    },
  };
}
