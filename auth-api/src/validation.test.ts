import { accountKey, validateLogin, validateRegister } from './validation.ts';

const SIGN_UP = {
  displayName: 'Nguyễn Văn An',
  username: 'an.nguyen',
  email: 'an@example.vn',
  password: 'mat-khau-an-toan',
  confirmPassword: 'mat-khau-an-toan',
};

const INVISIBLE = [
  ['U+0000 NUL', '\u0000'],
  ['U+0007 BEL', '\u0007'],
  ['U+001B ESC', '\u001b'],
  ['U+007F DEL', '\u007f'],
  ['U+0085 NEL', '\u0085'],
  ['U+00AD soft hyphen', '\u00ad'],
  ['U+061C Arabic letter mark', '\u061c'],
  ['U+180E Mongolian vowel separator', '\u180e'],
  ['U+200B zero-width space', '\u200b'],
  ['U+200C zero-width non-joiner', '\u200c'],
  ['U+200D zero-width joiner', '\u200d'],
  ['U+200E left-to-right mark', '\u200e'],
  ['U+202E right-to-left override', '\u202e'],
  ['U+2060 word joiner', '\u2060'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+FEFF byte order mark', '\ufeff'],
  ['U+E0041 tag letter A', '\u{e0041}'],
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', '\udc00'],
] as const;

describe('accountKey: one key for every spelling of one name', () => {
  it.each([
    ['case', 'An.Nguyen', 'an.nguyen'],
    ['full-width letters', 'ＡＮ．ｎｇｕｙｅｎ', 'an.nguyen'],
    ['a ligature', 'ﬁle', 'file'],
    ['German sharp s', 'straße', 'STRASSE'],
    ['Greek final sigma', 'ΟΔΟΣ', 'οδος'],
    ['dotless i', 'admın', 'admin'],
    ['composed and decomposed Vietnamese', 'Nguyễn'.normalize('NFD'), 'nguyễn'],
    ['superscript digits', 'an²', 'an2'],
  ])('folds %s', (_case, left, right) => {
    expect(accountKey(left)).toBe(accountKey(right));
  });

  it('keeps different names apart', () => {
    expect(accountKey('an.nguyen')).not.toBe(accountKey('an.nguyễn'));
    expect(accountKey('an')).not.toBe(accountKey('an2'));
  });
});

describe('validateRegister: no control or format character in any field', () => {
  it.each(INVISIBLE)('refuses %s in the username', (_name, character) => {
    expect(validateRegister({ ...SIGN_UP, username: `ad${character}min` })).toEqual({
      ok: false,
      message: 'Tên đăng nhập không được chứa khoảng trắng, ký tự điều khiển hoặc ký tự ẩn',
    });
  });

  it.each(INVISIBLE)('refuses %s in the display name', (_name, character) => {
    expect(validateRegister({ ...SIGN_UP, displayName: `ad${character}min` })).toEqual({
      ok: false,
      message: 'Tên hiển thị không được chứa ký tự điều khiển hoặc ký tự ẩn',
    });
  });

  it.each(INVISIBLE)('refuses %s in the email', (_name, character) => {
    expect(validateRegister({ ...SIGN_UP, email: `an${character}@example.vn` })).toEqual({
      ok: false,
      message: 'Email không hợp lệ',
    });
  });

  it.each(INVISIBLE)('refuses %s in the password', (_name, character) => {
    const password = `mat-khau-${character}-an-toan`;
    expect(validateRegister({ ...SIGN_UP, password, confirmPassword: password })).toEqual({
      ok: false,
      message: 'Mật khẩu không được chứa ký tự điều khiển hoặc ký tự ẩn',
    });
  });

  it.each([
    ['a private-use character', '\ue000'],
    ['an unassigned code point', '\u0378'],
    ['a no-break space', '\u00a0'],
    ['an ideographic space', '\u3000'],
  ])('refuses %s in the username', (_name, character) => {
    expect(validateRegister({ ...SIGN_UP, username: `an${character}nguyen` })).toMatchObject({ ok: false });
  });

  it('keeps Vietnamese, emoji and ordinary punctuation', () => {
    const input = { ...SIGN_UP, displayName: 'Trần Thị Bình 🙂', username: 'bình.trần_01', email: 'binh@ví-dụ.vn' };
    expect(validateRegister(input)).toMatchObject({ ok: true });
  });

  it('stores the username in NFKC and the display name in NFC', () => {
    const result = validateRegister({
      ...SIGN_UP,
      username: ' ＡＮ.nguyen ',
      displayName: 'Nguyễn Văn An'.normalize('NFD'),
    });
    expect(result).toMatchObject({ ok: true, value: { username: 'AN.nguyen', displayName: 'Nguyễn Văn An' } });
  });

  it('counts the username length after normalisation', () => {
    // U+FDFA spells out to 18 characters under NFKC.
    expect(validateRegister({ ...SIGN_UP, username: '\ufdfa'.repeat(3) })).toMatchObject({
      ok: false,
      message: 'Tên đăng nhập tối đa 50 ký tự',
    });
  });
});

describe('validateLogin', () => {
  it('normalises the username it looks up', () => {
    expect(validateLogin({ username: ' ＡＮ ', password: 'x' })).toEqual({
      ok: true,
      value: { username: 'AN', password: 'x' },
    });
  });

  it.each(INVISIBLE)('refuses %s in either field before any password work', (_name, character) => {
    expect(validateLogin({ username: `ad${character}min`, password: 'mat-khau-an-toan' })).toMatchObject({ ok: false });
    expect(validateLogin({ username: 'admin', password: `mat-khau${character}` })).toMatchObject({ ok: false });
  });

  it('refuses lengths no account can have', () => {
    expect(validateLogin({ username: 'a'.repeat(51), password: 'x' })).toMatchObject({ ok: false });
    expect(validateLogin({ username: 'an', password: 'p'.repeat(129) })).toMatchObject({ ok: false });
  });
});
