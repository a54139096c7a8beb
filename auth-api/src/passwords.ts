import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * log2 of scrypt's N. Below OWASP's N=2^17 on purpose: 2^15 (32 MiB per hash) keeps a login near
 * 70 ms and a burst of concurrent sign-ups within a dev machine's memory. Stored hashes carry
 * their parameters, so raising them later needs no migration.
 */
export const DEFAULT_SCRYPT_COST = 15;
/** The cheapest cost accepted at all, for tests that register accounts by the thousand. */
export const MIN_SCRYPT_COST = 10;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

export interface PasswordHasher {
  /** "scrypt$N$r$p$salt$hash" (base64url): parameters travel with the hash, so they can be raised later. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the same scrypt work as a real check, for logins naming no account: answering
   * faster would tell an attacker which usernames exist.
   */
  burn(password: string): Promise<false>;
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes, exactly Node's default cap at these parameters: allow twice that.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function createPasswordHasher(cost = DEFAULT_SCRYPT_COST): PasswordHasher {
  if (!Number.isInteger(cost) || cost < MIN_SCRYPT_COST || cost > 20) {
    throw new Error(`scrypt cost must be an integer from ${MIN_SCRYPT_COST} to 20, got ${cost}`);
  }
  const params = { N: 2 ** cost, r: R, p: P };
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, params);
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  };
  let decoyHash: Promise<string> | undefined;
  return {
    hash,
    verify: verifyPassword,
    async burn(password) {
      decoyHash ??= hash(randomBytes(16).toString('base64url'));
      await verifyPassword(password, await decoyHash);
      return false;
    },
  };
}
