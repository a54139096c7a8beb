import { resolve } from 'node:path';
import { readConfig } from './config.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts';

describe('readConfig', () => {
  it('defaults to localhost:4000, info logs and the package data folder', () => {
    expect(readConfig({}, '/srv/auth-api/data')).toEqual({
      port: 4000,
      host: 'localhost',
      dataDir: '/srv/auth-api/data',
      secret: undefined,
      logLevel: 'info',
      tokenTtlSeconds: undefined,
      scryptCost: undefined,
      rateLimits: DEFAULT_RATE_LIMITS,
      trustedProxies: ['127.0.0.0/8', '::1/128'],
    });
  });

  it('reads every variable the browser-test harness and operators set', () => {
    const config = readConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        AUTH_API_DATA_DIR: 'tmp/auth',
        AUTH_API_SECRET: 's'.repeat(40),
        LOG_LEVEL: 'WARN',
        AUTH_API_TOKEN_TTL_SECONDS: '3600',
        AUTH_API_SCRYPT_COST: '10',
        AUTH_API_LOGIN_FAILURES_PER_ACCOUNT: '3',
        AUTH_API_LOGIN_FAILURES_PER_CLIENT: '7',
        AUTH_API_LOGIN_FAILURES_BEFORE_BACKOFF: '4',
        AUTH_API_LOGIN_BACKOFF_MAX_SECONDS: '30',
        AUTH_API_LOGIN_WINDOW_SECONDS: '60',
        AUTH_API_REGISTRATIONS_PER_CLIENT: '1000',
        AUTH_API_REGISTER_WINDOW_SECONDS: '10',
        AUTH_API_RATE_LIMIT_TRACKED_KEYS: '500',
        AUTH_API_TRUSTED_PROXIES: 'loopback, 10.0.0.0/8',
      },
      '/unused',
    );
    expect(config).toEqual({
      port: 0,
      host: '127.0.0.1',
      dataDir: resolve('tmp/auth'),
      secret: 's'.repeat(40),
      logLevel: 'warn',
      tokenTtlSeconds: 3600,
      scryptCost: 10,
      rateLimits: {
        loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
        loginFailuresPerClient: { max: 7, windowMs: 60_000 },
        loginBackoffPerAccount: { freeFailures: 4, baseDelayMs: 1_000, maxDelayMs: 30_000, forgetAfterMs: 60_000 },
        registrationsPerClient: { max: 1000, windowMs: 10_000 },
        trackedKeys: 500,
      },
      trustedProxies: ['127.0.0.0/8', '::1/128', '10.0.0.0/8'],
    });
  });

  it('trusts no proxy when told "none"', () => {
    expect(readConfig({ AUTH_API_TRUSTED_PROXIES: 'none' }, '/data').trustedProxies).toEqual([]);
  });

  it.each([
    [{ PORT: 'http' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ AUTH_API_TOKEN_TTL_SECONDS: '5' }, /AUTH_API_TOKEN_TTL_SECONDS/],
    [{ AUTH_API_SCRYPT_COST: '8' }, /AUTH_API_SCRYPT_COST/],
    [{ AUTH_API_LOGIN_FAILURES_PER_ACCOUNT: '0' }, /AUTH_API_LOGIN_FAILURES_PER_ACCOUNT/],
    [{ AUTH_API_LOGIN_WINDOW_SECONDS: 'soon' }, /AUTH_API_LOGIN_WINDOW_SECONDS/],
    [{ AUTH_API_LOGIN_FAILURES_BEFORE_BACKOFF: '0' }, /AUTH_API_LOGIN_FAILURES_BEFORE_BACKOFF/],
    [{ AUTH_API_LOGIN_BACKOFF_MAX_SECONDS: 'forever' }, /AUTH_API_LOGIN_BACKOFF_MAX_SECONDS/],
    [{ AUTH_API_RATE_LIMIT_TRACKED_KEYS: '10' }, /AUTH_API_RATE_LIMIT_TRACKED_KEYS/],
    [{ AUTH_API_TRUSTED_PROXIES: 'localhost' }, /AUTH_API_TRUSTED_PROXIES: "localhost" is not/],
  ])('refuses %p', (env, message) => {
    expect(() => readConfig(env, '/data')).toThrow(message);
  });
});
