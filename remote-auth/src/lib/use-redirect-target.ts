import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '@devhub/shared/safe-redirect';

export interface RedirectTarget {
  /** Where to go once signed in: the `redirect` query path when it is same-site, else "/". */
  path: string;
  /** `pathname` carrying the same redirect, so moving between sign-in and sign-up keeps it. */
  linkTo: (pathname: string) => string;
}

export function useRedirectTarget(): RedirectTarget {
  const [searchParams] = useSearchParams();
  const path = safeRedirectPath(searchParams.get('redirect'));
  return {
    path,
    linkTo: (pathname) => (path === '/' ? pathname : `${pathname}?redirect=${encodeURIComponent(path)}`),
  };
}
