import { resolve } from 'node:path';
import { readConfig } from './config.ts';

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
    });
  });

  it.each([
    [{ PORT: 'http' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ AUTH_API_TOKEN_TTL_SECONDS: '5' }, /AUTH_API_TOKEN_TTL_SECONDS/],
    [{ AUTH_API_SCRYPT_COST: '8' }, /AUTH_API_SCRYPT_COST/],
  ])('refuses %p', (env, message) => {
    expect(() => readConfig(env, '/data')).toThrow(message);
  });
});
