import { safeRedirectPath, signInPathFor } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/blog?tag=React&page=2', '/blog?tag=React&page=2'],
    ['/docs#top', '/docs#top'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['profile'],
    ['https://evil.example/steal'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/\u0000profile'],
  ])('sends %p home', (input) => {
    expect(safeRedirectPath(input)).toBe('/');
  });

  it('builds the sign-in path that returns to the page', () => {
    expect(signInPathFor('/profile')).toBe('/signin?redirect=%2Fprofile');
    expect(safeRedirectPath(new URLSearchParams(signInPathFor('/cart?x=1').split('?')[1]).get('redirect'))).toBe(
      '/cart?x=1',
    );
  });
});
