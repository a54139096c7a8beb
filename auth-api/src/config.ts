import { resolve } from 'node:path';
import { MIN_SCRYPT_COST } from './passwords.ts';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  secret: string | undefined;
  logLevel: string;
  tokenTtlSeconds: number | undefined;
  scryptCost: number | undefined;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
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
  };
}
