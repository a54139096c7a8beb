import { resolvePageInput, sanitizePageInput } from './pager-input';

describe('sanitizePageInput', () => {
  it('keeps digits only, ignoring any other character', () => {
    expect(sanitizePageInput('12')).toBe('12');
    expect(sanitizePageInput('1a2')).toBe('12');
    expect(sanitizePageInput('-3')).toBe('3');
    expect(sanitizePageInput('2.5')).toBe('25');
    expect(sanitizePageInput(' 7 ')).toBe('7');
    expect(sanitizePageInput('abc')).toBe('');
    expect(sanitizePageInput('٣')).toBe('');
  });
});

describe('resolvePageInput (Enter)', () => {
  const current = 2;
  const last = 5;

  it('goes to a page inside the range', () => {
    expect(resolvePageInput('4', current, last)).toBe(4);
    expect(resolvePageInput('1', current, last)).toBe(1);
    expect(resolvePageInput('5', current, last)).toBe(5);
    expect(resolvePageInput('004', current, last)).toBe(4);
  });

  it('stays on the current page when the input is empty', () => {
    expect(resolvePageInput('', current, last)).toBe(current);
    expect(resolvePageInput('   ', current, last)).toBe(current);
  });

  it('stays on the current page when the input is not a number', () => {
    expect(resolvePageInput('abc', current, last)).toBe(current);
    expect(resolvePageInput('3a', current, last)).toBe(current);
    expect(resolvePageInput('-1', current, last)).toBe(current);
  });

  it('clamps a number above the last page to the last page', () => {
    expect(resolvePageInput('6', current, last)).toBe(last);
    expect(resolvePageInput('99999999999999999999', current, last)).toBe(last);
  });

  it('turns a number below 1 into 1', () => {
    expect(resolvePageInput('0', current, last)).toBe(1);
    expect(resolvePageInput('000', current, last)).toBe(1);
  });

  it('returns the current page for the current page, so nothing changes', () => {
    expect(resolvePageInput('2', current, last)).toBe(current);
  });
});
