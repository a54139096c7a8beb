import { createTokenService } from './tokens.ts';

const SECRET = 'x'.repeat(48);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  let now = Date.parse('2030-05-01T08:00:00Z');
  const service = createTokenService({ secret: SECRET, ttlSeconds: 3600, now: () => now });

  it('round-trips the subject with issue and expiry times, and a token id of its own', async () => {
    const claims = await service.verify(await service.sign('u-42'));
    expect(claims).toEqual({ sub: 'u-42', jti: expect.any(String), iat: now / 1000, exp: now / 1000 + 3600 });
    const other = await service.verify(await service.sign('u-42'));
    expect(other?.jti).not.toBe(claims?.jti);
  });

  it('is a standard HS256 JWT that names its issuer and audience', async () => {
    const [header, payload] = (await service.sign('u-42')).split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      iss: 'devhub-auth-api',
      aud: 'devhub',
      sub: 'u-42',
    });
  });

  it('expires exactly at exp', async () => {
    const token = await service.sign('u-42');
    now += 3599_000;
    expect(await service.verify(token)).not.toBeNull();
    now += 1_000;
    expect(await service.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenService({ secret: 'y'.repeat(48), ttlSeconds: 3600, now: () => now });
    expect(await service.verify(await other.sign('u-42'))).toBeNull();
  });

  it('refuses an unsigned token ("alg: none") and any other algorithm', async () => {
    const [, payload] = (await service.sign('u-42')).split('.');
    expect(await service.verify(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBeNull();
    expect(await service.verify(`${base64url({ alg: 'HS512', typ: 'JWT' })}.${payload}.AAAA`)).toBeNull();
  });

  it('refuses a changed payload', async () => {
    const [header, , signature] = (await service.sign('u-42')).split('.');
    const forged = base64url({ iss: 'devhub-auth-api', aud: 'devhub', sub: 'u-1', iat: 0, exp: 4_102_444_800 });
    expect(await service.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  it('refuses a correctly signed token missing a required claim', async () => {
    const { SignJWT } = await import('jose');
    const noExpiry = await new SignJWT({ sub: 'u-42' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('devhub-auth-api')
      .setAudience('devhub')
      .setIssuedAt(now / 1000)
      .sign(new TextEncoder().encode(SECRET));
    expect(await service.verify(noExpiry)).toBeNull();
  });

  it('refuses a correctly signed token without a token id, which could not be revoked', async () => {
    const { SignJWT } = await import('jose');
    const noId = await new SignJWT({ sub: 'u-42' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('devhub-auth-api')
      .setAudience('devhub')
      .setIssuedAt(now / 1000)
      .setExpirationTime(now / 1000 + 3600)
      .sign(new TextEncoder().encode(SECRET));
    expect(await service.verify(noId)).toBeNull();
  });

  describe('accepts only the exact encoding it issues', () => {
    /** A signature with "-" or "_", so that its standard base64 spelling differs. */
    async function tokenWithUrlAlphabetSignature(): Promise<[string, string, string]> {
      for (let subject = 0; ; subject += 1) {
        const parts = (await service.sign(`u-${subject}`)).split('.') as [string, string, string];
        if (/[-_]/.test(parts[2])) return parts;
      }
    }

    it.each<[string, (signature: string) => string]>([
      ['"=" appended to the signature', (signature) => `${signature}=`],
      ['"==" appended to the signature', (signature) => `${signature}==`],
      ['"!!" inserted in the signature', (signature) => `${signature.slice(0, 10)}!!${signature.slice(10)}`],
      ['whitespace inside the signature', (signature) => `${signature.slice(0, 10)} ${signature.slice(10)}`],
      [
        'the signature in standard base64',
        (signature) => Buffer.from(signature, 'base64url').toString('base64').replace(/=+$/, ''),
      ],
      [
        'the signature in padded standard base64',
        (signature) => Buffer.from(signature, 'base64url').toString('base64'),
      ],
      [
        'the signature with other unused trailing bits',
        (signature) => {
          const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
          const last = alphabet.indexOf(signature.at(-1) ?? 'A');
          return `${signature.slice(0, -1)}${alphabet[last ^ 0b01]}`;
        },
      ],
    ])('refuses %s', async (_case, respell) => {
      const [header, payload, signature] = await tokenWithUrlAlphabetSignature();
      const variant = respell(signature);
      expect(variant).not.toBe(signature);
      expect(Buffer.from(variant.replace(/[^A-Za-z0-9+/_-]/g, ''), 'base64')).toEqual(
        Buffer.from(signature, 'base64url'),
      );
      expect(await service.verify(`${header}.${payload}.${variant}`)).toBeNull();
    });

    it('refuses "=" appended to the header or the payload', async () => {
      const [header, payload, signature] = (await service.sign('u-42')).split('.') as [string, string, string];
      expect(await service.verify(`${header}=.${payload}.${signature}`)).toBeNull();
      expect(await service.verify(`${header}.${payload}=.${signature}`)).toBeNull();
    });
  });

  it.each(['', 'a.b', 'a.b.c.d', '...', 'not a token at all'])('refuses the malformed token %p', async (token) => {
    expect(await service.verify(token)).toBeNull();
  });
});
