import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_FILE = 'token-secret';
export const MIN_SECRET_LENGTH = 32;

/**
 * The token signing secret: the configured one, else a random one generated on first start
 * and kept beside the database (owner-only), so sessions survive a restart on a dev machine.
 */
export function resolveSecret(dataDir: string, configured: string | undefined): string {
  if (configured !== undefined && configured !== '') {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new Error(`AUTH_API_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    return configured;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SECRET_FILE);
  try {
    // "wx" fails when the file exists, so two processes starting at once agree on one secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${file} holds no usable secret; delete it to generate one`);
  return secret;
}
