import { safeRedirectPath, signInPathFor } from './safe-redirect';

const SITE = 'https://devhub.example';

/** What a browser and the router make of the result on this site: it must stay here, at a path with one "/". */
function staysOnSite(path: string): boolean {
  const url = new URL(path, SITE);
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    url.origin === SITE &&
    !url.pathname.startsWith('//')
  );
}

describe('safeRedirectPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/blog?tag=React&page=2', '/blog?tag=React&page=2'],
    ['/docs#top', '/docs#top'],
    ['/profile/../cart', '/cart'],
    ['/blog?next=//evil.example', '/blog?next=//evil.example'],
  ])('keeps the same-site path %s as %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each<[string, string | null | undefined, string]>([
    ['nothing', null, '/'],
    ['undefined', undefined, '/'],
    ['an empty string', '', '/'],
    ['a relative path', 'profile', '/'],
    ['an absolute URL', 'https://evil.example/steal', '/'],
    ['a scheme-relative URL', '//evil.example', '/'],
    ['three slashes', '///evil.example', '/'],
    ['a backslash after the slash', '/\\evil.example', '/'],
    ['a backslash then a slash', '\\/evil.example', '/'],
    ['a slash, a backslash, a slash', '/\\/evil.example', '/'],
    ['a dot segment before "//"', '/.//evil.example', '/'],
    ['a dot segment before a backslash', '/./\\evil.example', '/'],
    ['an encoded dot segment', '/%2e//evil.example', '/'],
    ['an encoded double-dot segment', '/%2E%2E//evil.example', '/'],
    ['a double-dot segment', '/..//evil.example', '/'],
    ['a segment and its double dot', '/a/..//evil.example', '/'],
    ['a tab between the slashes', '/\t/evil.example', '/'],
    ['a newline between the slashes', '/\n/evil.example', '/'],
    ['a carriage return and newline', '/\r\n/evil.example', '/'],
    ['a NUL', '/\u0000profile', '/'],
    ['an http URL without slashes', 'http:evil.example', '/'],
    ['an http URL with one slash', 'https:/evil.example', '/'],
    ['javascript:', 'javascript:alert(1)', '/'],
    ['javascript: after a space', ' javascript:alert(1)', '/'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>', '/'],
    ['a path after a space', ' /profile', '/'],
    ['an encoded slash', '/%2F/evil.example', '/%2F/evil.example'],
    ['an encoded backslash', '/%5C/evil.example', '/%5C/evil.example'],
    ['two encoded backslashes', '/%5C%5Cevil.example', '/%5C%5Cevil.example'],
    ['an encoded tab', '/%09/evil.example', '/%09/evil.example'],
  ])('turns %s into a path of this site: %p → %p', (_case, input, expected) => {
    const result = safeRedirectPath(input);
    expect(result).toBe(expected);
    expect(staysOnSite(result)).toBe(true);
    expect(safeRedirectPath(result)).toBe(result);
  });

  it('builds the sign-in path that returns to the page', () => {
    expect(signInPathFor('/profile')).toBe('/signin?redirect=%2Fprofile');
    expect(safeRedirectPath(new URLSearchParams(signInPathFor('/cart?x=1').split('?')[1]).get('redirect'))).toBe(
      '/cart?x=1',
    );
  });
});
