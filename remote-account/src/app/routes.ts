import type { RemoteRouteTable } from '@devhub/shared/remote-contract';
import { PAGE_NAMES, PAGE_TITLES } from '@devhub/shared/strings';

/**
 * The pages this remote serves. Its build exposes each page's component from its file and writes
 * the table into mf-manifest.json; the shell serves these paths once this build is pinned.
 */
export const ROUTES: RemoteRouteTable = [
  {
    expose: 'ProfilePage',
    file: './src/app/exposes/profile-page.tsx',
    what: PAGE_NAMES.profile,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/profile', title: PAGE_TITLES.profile }],
  },
  {
    expose: 'RepoPage',
    file: './src/app/exposes/repo-page.tsx',
    what: PAGE_NAMES.repo,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/repo', title: PAGE_TITLES.repo }],
  },
  {
    expose: 'CartPage',
    file: './src/app/exposes/cart-page.tsx',
    what: PAGE_NAMES.cart,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/cart', title: PAGE_TITLES.cart }],
  },
  {
    expose: 'SettingPage',
    file: './src/app/exposes/setting-page.tsx',
    what: PAGE_NAMES.setting,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/setting', title: PAGE_TITLES.setting }],
  },
];
