import type { RemoteRouteTable } from '@devhub/shared/remote-contract';
import { PAGE_NAMES, PAGE_TITLES } from '@devhub/shared/strings';

/**
 * The pages this remote serves. Its build exposes each page's component from its file and writes
 * the table into mf-manifest.json; the shell serves these paths once this build is pinned.
 */
export const ROUTES: RemoteRouteTable = [
  {
    expose: 'SignInPage',
    file: './src/app/exposes/sign-in-page.tsx',
    what: PAGE_NAMES.signIn,
    layout: 'standalone',
    access: 'public',
    routes: [{ path: '/signin', title: PAGE_TITLES.signIn }],
  },
  {
    expose: 'SignUpPage',
    file: './src/app/exposes/sign-up-page.tsx',
    what: PAGE_NAMES.signUp,
    layout: 'standalone',
    access: 'public',
    routes: [{ path: '/signup', title: PAGE_TITLES.signUp }],
  },
];
