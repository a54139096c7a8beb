import { createRateLimiter, TooManyAttemptsError, type RateLimits } from './rate-limits.ts';

const LIMITS: RateLimits = {
  loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
  loginFailuresPerClient: { max: 5, windowMs: 60_000 },
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

  it('limits registrations per client, successful or not', () => {
    const limiter = createRateLimiter(LIMITS, clock);
    limiter.beginRegistration('1.1.1.1');
    limiter.beginRegistration('1.1.1.1');
    expect(refused(() => limiter.beginRegistration('1.1.1.1')).retryAfterSeconds).toBe(60);
    limiter.beginRegistration('2.2.2.2');
  });
});
