import { createTokenService } from './tokens.ts';

const SECRET = 'x'.repeat(48);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  let now = Date.parse('2030-05-01T08:00:00Z');
  const service = createTokenService({ secret: SECRET, ttlSeconds: 3600, now: () => now });

  it('round-trips the subject with issue and expiry times', () => {
    const claims = service.verify(service.sign('42'));
    expect(claims).toEqual({ sub: '42', iat: now / 1000, exp: now / 1000 + 3600 });
  });

  it('expires exactly at exp', () => {
    const token = service.sign('42');
    now += 3599_000;
    expect(service.verify(token)).not.toBeNull();
    now += 1_000;
    expect(service.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const other = createTokenService({ secret: 'y'.repeat(48), ttlSeconds: 3600, now: () => now });
    expect(service.verify(other.sign('42'))).toBeNull();
  });

  it('refuses an unsigned token ("alg: none") and any other header', () => {
    const [, payload] = service.sign('42').split('.');
    expect(service.verify(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBeNull();
    expect(service.verify(`${base64url({ alg: 'HS512', typ: 'JWT' })}.${payload}.AAAA`)).toBeNull();
  });

  it('refuses a changed payload', () => {
    const [header, , signature] = service.sign('42').split('.');
    const forged = base64url({ iss: 'devhub-auth-api', sub: '1', iat: 0, exp: 4_102_444_800 });
    expect(service.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  it.each(['', 'a.b', 'a.b.c.d', '...', 'not a token at all'])('refuses the malformed token %p', (token) => {
    expect(service.verify(token)).toBeNull();
  });
});
