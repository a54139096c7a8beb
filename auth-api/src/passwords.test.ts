import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt, a random salt and the parameters alongside', async () => {
    const first = await hashPassword('mật khẩu dài');
    const second = await hashPassword('mật khẩu dài');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('mật khẩu');
  });

  it('accepts the right password only', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapler', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('treats composed and decomposed Vietnamese letters as the same password', async () => {
    const stored = await hashPassword('Mật khẩu'.normalize('NFC'));
    await expect(verifyPassword('Mật khẩu'.normalize('NFD'), stored)).resolves.toBe(true);
  });

  it.each(['', 'plain-text', 'bcrypt$x$y', 'scrypt$0$8$1$c2FsdA$aGFzaA', 'scrypt$abc$8$1$c2FsdA$aGFzaA'])(
    'refuses the unusable stored value %p',
    async (stored) => {
      await expect(verifyPassword('whatever', stored)).resolves.toBe(false);
    },
  );

  it('spends a real check on logins naming no account, and fails them', async () => {
    await expect(burnPasswordCheck('whatever')).resolves.toBe(false);
  });
});
