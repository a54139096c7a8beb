/**
 * Returns `target` when it is a same-site relative path (e.g. "/profile?tab=1"), else "/".
 * Protocol-relative ("//evil.com"), backslash tricks ("/\\evil.com"), absolute URLs and
 * control characters are refused, so a crafted `?redirect=` cannot send users elsewhere.
 */
export function safeRedirectPath(target: string | null | undefined): string {
  if (!target || !target.startsWith('/')) return '/';
  if (target.startsWith('//') || target.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return '/';
  try {
    const base = 'http://devhub.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The sign-in path that brings the visitor back to `path` afterwards. */
export function signInPathFor(path: string): string {
  return `/signin?redirect=${encodeURIComponent(path)}`;
}
