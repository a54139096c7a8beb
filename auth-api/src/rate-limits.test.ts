import { createRateLimiter, DEFAULT_RATE_LIMITS, TooManyAttemptsError, type RateLimits } from './rate-limits.ts';

const LIMITS: RateLimits = {
  loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
  loginFailuresPerClient: { max: 5, windowMs: 60_000 },
  loginBackoffPerAccount: { freeFailures: 4, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 },
  registrationsPerClient: { max: 2, windowMs: 60_000 },
  trackedKeys: 100,
};

function refused(attempt: () => unknown): TooManyAttemptsError {
  try {
    attempt();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return error;
    throw error;
  }
  throw new Error('the attempt was allowed');
}

describe('rate limiter', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 0;
  });

  it('limits failed logins per client and account, with the time to wait', () => {
    const limiter = createRateLimiter(LIMITS, clock);
    for (let attempt = 0; attempt < 3; attempt += 1) limiter.beginLogin('1.1.1.1', 'an');
    now += 30_500;
    expect(refused(() => limiter.beginLogin('1.1.1.1', 'AN')).retryAfterSeconds).toBe(30);
    limiter.beginLogin('2.2.2.2', 'an');
    limiter.beginLogin('1.1.1.1', 'binh');
  });

  it('caps failed logins per client across usernames', () => {
    const limiter = createRateLimiter(LIMITS, clock);
    for (let name = 0; name < 5; name += 1) limiter.beginLogin('1.1.1.1', `user${name}`);
    refused(() => limiter.beginLogin('1.1.1.1', 'user5'));
    limiter.beginLogin('2.2.2.2', 'user5');
  });

  it('does not count successful logins, and forgets the account failures of that client', () => {
    const limiter = createRateLimiter(LIMITS, clock);
    limiter.beginLogin('1.1.1.1', 'an');
    limiter.beginLogin('1.1.1.1', 'an');
    for (let login = 0; login < 20; login += 1) limiter.beginLogin('1.1.1.1', 'an').succeeded();
    for (let attempt = 0; attempt < 3; attempt += 1) limiter.beginLogin('1.1.1.1', 'an');
    refused(() => limiter.beginLogin('1.1.1.1', 'an'));
  });

  it('keeps counting the client cap across successes', () => {
    const limiter = createRateLimiter(LIMITS, clock);
    for (let name = 0; name < 4; name += 1) {
      limiter.beginLogin('1.1.1.1', `user${name}`);
      limiter.beginLogin('1.1.1.1', 'mine').succeeded();
    }
    limiter.beginLogin('1.1.1.1', 'user4');
    refused(() => limiter.beginLogin('1.1.1.1', 'other'));
    // At the cap even the right password waits: whether it is right is only known after the check.
    refused(() => limiter.beginLogin('1.1.1.1', 'mine'));
  });

  it('creates no key for a refused attempt, so a blocked client cannot fill the counters', () => {
    const limiter = createRateLimiter({ ...LIMITS, trackedKeys: 6 }, clock);
    for (let name = 0; name < 5; name += 1) limiter.beginLogin('1.1.1.1', `user${name}`);
    for (let name = 5; name < 1_000; name += 1) refused(() => limiter.beginLogin('1.1.1.1', `user${name}`));
    limiter.beginLogin('2.2.2.2', 'an');
  });

  it('makes new clients wait, rather than forget anyone, once the counters are full', () => {
    const limiter = createRateLimiter({ ...LIMITS, trackedKeys: 2 }, clock);
    limiter.beginLogin('1.1.1.1', 'an');
    limiter.beginLogin('2.2.2.2', 'an');
    const error = refused(() => limiter.beginLogin('3.3.3.3', 'an'));
    expect(error.saturated).toBe(true);
    now += 60_000;
    limiter.beginLogin('3.3.3.3', 'an');
  });

  describe('per account, across clients', () => {
    const client = (index: number) => `10.0.0.${index}`;

    it('lets freeFailures through from anywhere, then doubles the wait after each failure, up to the cap', () => {
      const limiter = createRateLimiter(LIMITS, clock);
      for (let index = 0; index < 4; index += 1) limiter.beginLogin(client(index), 'an');
      const waits: number[] = [];
      for (let index = 4; index < 10; index += 1) {
        const { retryAfterSeconds } = refused(() => limiter.beginLogin(client(index), 'an'));
        waits.push(retryAfterSeconds);
        now += retryAfterSeconds * 1000 - 1;
        refused(() => limiter.beginLogin(client(index), 'AN'));
        now += 1;
        limiter.beginLogin(client(index), 'an');
      }
      expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
      limiter.beginLogin(client(0), 'binh');
    });

    it('stops 60 wrong passwords from 6 clients well before the 60th, at the default limits', () => {
      const limiter = createRateLimiter(DEFAULT_RATE_LIMITS, clock);
      const answers: string[] = [];
      for (let attempt = 0; attempt < 60; attempt += 1) {
        try {
          limiter.beginLogin(client(attempt % 6), 'an');
          answers.push('checked');
        } catch (error) {
          if (!(error instanceof TooManyAttemptsError)) throw error;
          answers.push('429');
        }
      }
      expect(answers.indexOf('429')).toBe(DEFAULT_RATE_LIMITS.loginBackoffPerAccount.freeFailures);
      expect(answers.filter((answer) => answer === 'checked')).toHaveLength(10);
    });

    it('forgets the back-off when someone signs in, and after a quiet spell', () => {
      const limiter = createRateLimiter(LIMITS, clock);
      for (let index = 0; index < 4; index += 1) limiter.beginLogin(client(index), 'an');
      refused(() => limiter.beginLogin(client(9), 'an'));
      now += 1_000;
      limiter.beginLogin(client(9), 'an').succeeded();
      for (let index = 0; index < 4; index += 1) limiter.beginLogin(client(index + 10), 'an');
      refused(() => limiter.beginLogin(client(20), 'an'));

      now += 60_000;
      for (let index = 0; index < 4; index += 1) limiter.beginLogin(client(index + 30), 'an');
      refused(() => limiter.beginLogin(client(40), 'an'));
    });

    it('does not hold back a client that signed in to the account before, which still has its own limits', () => {
      const limiter = createRateLimiter(LIMITS, clock);
      limiter.beginLogin('1.1.1.1', 'an').succeeded();
      for (let index = 0; index < 8; index += 1) {
        try {
          limiter.beginLogin(client(index), 'an');
        } catch (error) {
          if (!(error instanceof TooManyAttemptsError)) throw error;
        }
      }
      refused(() => limiter.beginLogin(client(99), 'an'));
      limiter.beginLogin('1.1.1.1', 'AN').succeeded();
      // The owner signing in ends the account's back-off for everyone.
      limiter.beginLogin(client(99), 'an');
      for (let attempt = 0; attempt < 3; attempt += 1) limiter.beginLogin('1.1.1.1', 'an');
      refused(() => limiter.beginLogin('1.1.1.1', 'an'));
    });

    it("counts a known client's failures for everyone else", () => {
      const limiter = createRateLimiter(LIMITS, clock);
      limiter.beginLogin('1.1.1.1', 'an').succeeded();
      for (let attempt = 0; attempt < 3; attempt += 1) limiter.beginLogin('1.1.1.1', 'an');
      limiter.beginLogin(client(0), 'an');
      refused(() => limiter.beginLogin(client(1), 'an'));
    });

    it('remembers a known client for 30 days', () => {
      const limiter = createRateLimiter(LIMITS, clock);
      limiter.beginLogin('1.1.1.1', 'an').succeeded();
      now += 30 * 24 * 60 * 60 * 1000;
      for (let index = 0; index < 4; index += 1) limiter.beginLogin(client(index), 'an');
      refused(() => limiter.beginLogin('1.1.1.1', 'an'));
    });
  });

  it('limits registrations per client, successful or not', () => {
    const limiter = createRateLimiter(LIMITS, clock);
    limiter.beginRegistration('1.1.1.1');
    limiter.beginRegistration('1.1.1.1');
    expect(refused(() => limiter.beginRegistration('1.1.1.1')).retryAfterSeconds).toBe(60);
    limiter.beginRegistration('2.2.2.2');
  });
});
