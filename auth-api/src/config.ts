import { resolve } from 'node:path';
import { readTrustedProxies } from '@devhub/contracts/trusted-proxy';
import { MIN_SCRYPT_COST } from './passwords.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limits.ts';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  secret: string | undefined;
  logLevel: string;
  tokenTtlSeconds: number | undefined;
  scryptCost: number | undefined;
  rateLimits: RateLimits;
  trustedProxies: string[];
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** Optional integer variable: its value, or `fallback` when unset. */
function optionalInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  return raw ? integer(name, raw, min, max) : fallback;
}

const DAY_SECONDS = 24 * 60 * 60;

function readRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const defaults = DEFAULT_RATE_LIMITS;
  const count = (name: string, fallback: number) => optionalInteger(env, name, fallback, 1, 1_000_000);
  const windowMs = (name: string, fallbackMs: number) =>
    optionalInteger(env, name, fallbackMs / 1000, 1, DAY_SECONDS) * 1000;
  const loginWindowMs = windowMs('AUTH_API_LOGIN_WINDOW_SECONDS', defaults.loginFailuresPerAccount.windowMs);
  return {
    loginFailuresPerAccount: {
      max: count('AUTH_API_LOGIN_FAILURES_PER_ACCOUNT', defaults.loginFailuresPerAccount.max),
      windowMs: loginWindowMs,
    },
    loginFailuresPerClient: {
      max: count('AUTH_API_LOGIN_FAILURES_PER_CLIENT', defaults.loginFailuresPerClient.max),
      windowMs: loginWindowMs,
    },
    loginBackoffPerAccount: {
      freeFailures: count('AUTH_API_LOGIN_FAILURES_BEFORE_BACKOFF', defaults.loginBackoffPerAccount.freeFailures),
      baseDelayMs: defaults.loginBackoffPerAccount.baseDelayMs,
      maxDelayMs: windowMs('AUTH_API_LOGIN_BACKOFF_MAX_SECONDS', defaults.loginBackoffPerAccount.maxDelayMs),
      forgetAfterMs: loginWindowMs,
    },
    registrationsPerClient: {
      max: count('AUTH_API_REGISTRATIONS_PER_CLIENT', defaults.registrationsPerClient.max),
      windowMs: windowMs('AUTH_API_REGISTER_WINDOW_SECONDS', defaults.registrationsPerClient.windowMs),
    },
    trackedKeys: optionalInteger(env, 'AUTH_API_RATE_LIMIT_TRACKED_KEYS', defaults.trackedKeys, 100, 10_000_000),
  };
}

/** The environment contract of `node dist/main.js`, checked up front so a typo fails loudly at start. */
export function readConfig(env: NodeJS.ProcessEnv, defaultDataDir: string): AppConfig {
  const logLevel = (env.LOG_LEVEL ?? 'info').trim().toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return {
    port: env.PORT ? integer('PORT', env.PORT, 0, 65_535) : 4000,
    host: env.HOST?.trim() || 'localhost',
    dataDir: resolve(env.AUTH_API_DATA_DIR?.trim() || defaultDataDir),
    secret: env.AUTH_API_SECRET || undefined,
    logLevel,
    tokenTtlSeconds: env.AUTH_API_TOKEN_TTL_SECONDS
      ? integer('AUTH_API_TOKEN_TTL_SECONDS', env.AUTH_API_TOKEN_TTL_SECONDS, 60, 365 * 24 * 60 * 60)
      : undefined,
    scryptCost: env.AUTH_API_SCRYPT_COST
      ? integer('AUTH_API_SCRYPT_COST', env.AUTH_API_SCRYPT_COST, MIN_SCRYPT_COST, 20)
      : undefined,
    rateLimits: readRateLimits(env),
    trustedProxies: readTrustedProxies('AUTH_API_TRUSTED_PROXIES', env.AUTH_API_TRUSTED_PROXIES),
  };
}
