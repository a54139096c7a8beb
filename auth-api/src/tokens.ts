import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

/** HS256 JSON Web Tokens, issued and checked by jose. */
export interface TokenClaims {
  /** The user's public id: random, never reused. */
  sub: string;
  /** This token's own random id: what signing out revokes. */
  jti: string;
  iat: number;
  exp: number;
}

export interface TokenService {
  sign(subject: string): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

const ALGORITHM = 'HS256';
const ISSUER = 'devhub-auth-api';
const AUDIENCE = 'devhub';
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * jose decodes segments with `atob`, which tolerates padding, whitespace and stray trailing bits,
 * so "=" appended to a signature still verifies. A token is accepted only in the one spelling we
 * issue: every segment must re-encode to exactly itself.
 */
function isCanonicalCompactJws(token: string): boolean {
  const segments = token.split('.');
  return (
    segments.length === 3 &&
    segments.every(
      (segment) => SEGMENT.test(segment) && Buffer.from(segment, 'base64url').toString('base64url') === segment,
    )
  );
}

export function createTokenService(options: {
  secret: string;
  ttlSeconds: number;
  /** Milliseconds since the epoch; injectable so expiry can be tested without waiting. */
  now?: () => number;
}): TokenService {
  const { ttlSeconds, now = Date.now } = options;
  const key = new TextEncoder().encode(options.secret);
  const seconds = () => Math.floor(now() / 1000);

  return {
    sign(subject) {
      const iat = seconds();
      return new SignJWT()
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(subject)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      if (!isCanonicalCompactJws(token)) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          typ: 'JWT',
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
          currentDate: new Date(seconds() * 1000),
        });
        const { sub, jti, iat, exp } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
          return null;
        }
        return { sub, jti, iat, exp };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
