import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JSON Web Tokens, signed and checked with node:crypto.
 *
 * jose (the package this was meant to use) ships only as an ES module; the Jest setup of
 * this repository runs tests as CommonJS on Node 20, where Jest cannot load it, and the API
 * tests must exercise this code in-process. HS256 is small enough to do here with the same
 * guarantees: a fixed algorithm (no "alg: none" or key confusion), a constant-time signature
 * check, and a mandatory expiry.
 */
export interface TokenClaims {
  /** The user's id. */
  sub: string;
  iat: number;
  exp: number;
}

export interface TokenService {
  sign(subject: string): string;
  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  verify(token: string): TokenClaims | null;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const ISSUER = 'devhub-auth-api';

export function createTokenService(options: {
  secret: string;
  ttlSeconds: number;
  /** Milliseconds since the epoch; injectable so expiry can be tested without waiting. */
  now?: () => number;
}): TokenService {
  const { secret, ttlSeconds, now = Date.now } = options;
  const signature = (input: string) => createHmac('sha256', secret).update(input).digest();
  const seconds = () => Math.floor(now() / 1000);

  return {
    sign(subject) {
      const iat = seconds();
      const payload = Buffer.from(JSON.stringify({ iss: ISSUER, sub: subject, iat, exp: iat + ttlSeconds })).toString(
        'base64url',
      );
      return `${HEADER}.${payload}.${signature(`${HEADER}.${payload}`).toString('base64url')}`;
    },
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, sent] = parts as [string, string, string];
      // Only our own header is accepted, byte for byte: the algorithm is never taken from the token.
      if (header !== HEADER) return null;
      const expected = signature(`${header}.${payload}`);
      const actual = Buffer.from(sent, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (claims === null || typeof claims !== 'object') return null;
      const { iss, sub, iat, exp } = claims as Record<string, unknown>;
      if (iss !== ISSUER || typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
      if (seconds() >= exp) return null;
      return { sub, iat, exp };
    },
  };
}
