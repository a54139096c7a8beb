import { createPasswordHasher, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  const hasher = createPasswordHasher();

  it('hashes with scrypt N=2^15 by default, a random salt and the parameters alongside', async () => {
    const first = await hasher.hash('mật khẩu dài');
    const second = await hasher.hash('mật khẩu dài');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('mật khẩu');
  });

  it('accepts the right password only', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    await expect(hasher.verify('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(hasher.verify('correct horse battery stapler', stored)).resolves.toBe(false);
    await expect(hasher.verify('', stored)).resolves.toBe(false);
  });

  it('treats composed and decomposed Vietnamese letters as the same password', async () => {
    const stored = await hasher.hash('Mật khẩu'.normalize('NFC'));
    await expect(hasher.verify('Mật khẩu'.normalize('NFD'), stored)).resolves.toBe(true);
  });

  it.each(['', 'plain-text', 'bcrypt$x$y', 'scrypt$0$8$1$c2FsdA$aGFzaA', 'scrypt$abc$8$1$c2FsdA$aGFzaA'])(
    'refuses the unusable stored value %p',
    async (stored) => {
      await expect(verifyPassword('whatever', stored)).resolves.toBe(false);
    },
  );

  it('spends a real check on logins naming no account, and fails them', async () => {
    await expect(hasher.burn('whatever')).resolves.toBe(false);
  });

  it('takes a lower cost for tests, and still verifies those hashes', async () => {
    const cheap = createPasswordHasher(10);
    const stored = await cheap.hash('mat-khau-an-toan');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(hasher.verify('mat-khau-an-toan', stored)).resolves.toBe(true);
  });

  it.each([9, 21, 12.5])('refuses the cost %p', (cost) => {
    expect(() => createPasswordHasher(cost)).toThrow(/scrypt cost/);
  });
});
