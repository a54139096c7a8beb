import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveSecret, SECRET_FILE } from './secret.ts';
import { makeDataDir, removeDataDir } from './test-server.ts';

describe('resolveSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeDataDir();
  });
  afterEach(() => removeDataDir(dir));

  it('generates one secret on first start and keeps it', () => {
    const first = resolveSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSecret(dir, '')).toBe(first);
    expect(readFileSync(join(dir, SECRET_FILE), 'utf8')).toBe(first);
  });

  it('prefers the configured secret and refuses a short one', () => {
    expect(resolveSecret(dir, 'k'.repeat(32))).toBe('k'.repeat(32));
    expect(() => resolveSecret(dir, 'too-short')).toThrow(/at least 32/);
  });
});
