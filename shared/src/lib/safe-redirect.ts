/** A fixed origin to resolve candidates against: only what stays on it is a path of this site. */
const DUMMY_ORIGIN = 'http://devhub.invalid';

/**
 * Returns `target` as a same-site path starting with exactly one "/" (e.g. "/profile?tab=1"), else
 * "/", so a crafted `?redirect=` cannot send users elsewhere nor to a path the router cannot open.
 *
 * The candidate is normalised by the URL parser, as the browser will read it, and the result is
 * what is checked: the parser removes tabs and newlines, turns "\" into "/" and resolves dot
 * segments, so "/.//evil.example", "/%2e//x" or "/\t/x" only show what they are once parsed. A
 * candidate that is not a path to begin with (a scheme, "\", a relative path) is refused whole.
 */
export function safeRedirectPath(target: string | null | undefined): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return '/';
  let url: URL;
  try {
    url = new URL(target, DUMMY_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== DUMMY_ORIGIN) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path the parser left starting with "//" ("/.//x" → "//x") is another host to the next parser.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}

/** The sign-in path that brings the visitor back to `path` afterwards. */
export function signInPathFor(path: string): string {
  return `/signin?redirect=${encodeURIComponent(path)}`;
}
