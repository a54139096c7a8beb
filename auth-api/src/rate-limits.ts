import { AccountBackoff, RecentKeys, type BackoffLimit } from './account-backoff.ts';
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
  /**
   * Failed logins per username from every client together, with exponential waits: guesses
   * spread over many addresses. The wait is capped and does not apply to a client that has
   * signed in to that account before, so an attacker cannot keep its owner out.
   */
  loginBackoffPerAccount: BackoffLimit;
  /** Registrations per client, counted whether they succeed or not: each costs a hash and may answer 409. */
  registrationsPerClient: WindowLimit;
  /** Keys each counter tracks at most (~100 bytes each); past that, new clients wait. */
  trackedKeys: number;
}

const MINUTE_MS = 60_000;

/** How long a client that signed in to an account skips that account's wait. */
export const KNOWN_CLIENT_MS = 30 * 24 * 60 * MINUTE_MS;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE_MS },
  loginFailuresPerClient: { max: 30, windowMs: 15 * MINUTE_MS },
  loginBackoffPerAccount: {
    freeFailures: 10,
    baseDelayMs: 1_000,
    maxDelayMs: 5 * MINUTE_MS,
    forgetAfterMs: 15 * MINUTE_MS,
  },
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
  /**
   * The password was right: this attempt does not count, the account's failures (from this client,
   * and its back-off) are forgotten, and this client skips the account's back-off from now on.
   */
  succeeded(): void;
}

export interface RateLimiter {
  /**
   * Counts a login as failed before its password is checked, so that parallel guesses cannot all
   * pass the check before the first is counted. Throws TooManyAttemptsError when the client, the
   * client on this account, or the account (unless this client signed in to it before) is over its
   * limit; then nothing is counted and no key is created.
   */
  beginLogin(client: string, username: string): LoginAttempt;
  /** Counts a registration; throws TooManyAttemptsError when the client is over its limit. */
  beginRegistration(client: string): void;
}

export function createRateLimiter(limits: RateLimits, now?: () => number): RateLimiter {
  const perClient = new AttemptCounter(limits.loginFailuresPerClient, limits.trackedKeys, now);
  const perAccount = new AttemptCounter(limits.loginFailuresPerAccount, limits.trackedKeys, now);
  const registrations = new AttemptCounter(limits.registrationsPerClient, limits.trackedKeys, now);
  const backoff = new AccountBackoff(limits.loginBackoffPerAccount, limits.trackedKeys, now);
  const knownClients = new RecentKeys(KNOWN_CLIENT_MS, limits.trackedKeys, now);

  /**
   * All keys are checked before any is counted, so a refused attempt leaves no trace.
   * `backoffKey`, when given, is checked against the account back-off as well.
   */
  function admit(entries: Array<[AttemptCounter, string]>, backoffKey?: string): Reservation[] {
    const waits = entries.map(([counter, key]) => counter.waitMs(key));
    if (backoffKey !== undefined) waits.push(backoff.waitMs(backoffKey));
    const waitMs = Math.max(...waits);
    if (waitMs > 0) {
      const saturated =
        entries.some(([counter]) => counter.saturated) || (backoffKey !== undefined && backoff.saturated);
      throw new TooManyAttemptsError(waitMs, saturated);
    }
    return entries.map(([counter, key]) => counter.record(key));
  }

  return {
    beginLogin(client, username) {
      const account = accountKey(username);
      const pair = `${client}\n${account}`;
      const known = knownClients.has(pair);
      const [clientAttempt] = admit(
        [
          [perClient, client],
          [perAccount, pair],
        ],
        known ? undefined : account,
      );
      // A known client's failures still count for everyone else: it may have been taken over.
      backoff.record(account);
      return {
        succeeded() {
          clientAttempt?.refund();
          perAccount.clear(pair);
          backoff.clear(account);
          knownClients.add(pair);
        },
      };
    },
    beginRegistration(client) {
      admit([[registrations, client]]);
    },
  };
}
