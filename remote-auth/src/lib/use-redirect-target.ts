import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '@devhub/shared/safe-redirect';

export interface RedirectTarget {
  /** Where to go once signed in: the `redirect` query path when it is same-site, else "/". */
  path: string;
  /** `pathname` carrying the same redirect, so moving between sign-in and sign-up keeps it. */
  linkTo: (pathname: string) => string;
}

/** The sign-in and sign-up pages, however the router would match them (any case, a trailing "/"). */
const AUTH_PAGES = /^\/sign(?:in|up)\/?$/i;

/**
 * The page to land on after signing in. The sign-in and sign-up pages are not: already on screen,
 * the page would not change and the visitor, signed in, would stay in front of the form.
 */
function landingPath(redirect: string | null): string {
  const path = safeRedirectPath(redirect);
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  try {
    // The router matches decoded paths: "/%73ignin" is the sign-in page too.
    return AUTH_PAGES.test(decodeURIComponent(pathname)) ? '/' : path;
  } catch {
    return '/';
  }
}

export function useRedirectTarget(): RedirectTarget {
  const [searchParams] = useSearchParams();
  const path = landingPath(searchParams.get('redirect'));
  return {
    path,
    linkTo: (pathname) => (path === '/' ? pathname : `${pathname}?redirect=${encodeURIComponent(path)}`),
  };
}
