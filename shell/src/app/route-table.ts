import type { RemoteModuleId } from '@devhub/shared/remote-contract';
import { PAGE_TITLES } from '@devhub/shared/strings';
import type { ListingPageProps } from '@devhub/shared/types';
import routeModules from './route-modules.json';

export type LayoutName = 'main' | 'account' | 'standalone';

/** Who may open a route: account pages need a session. */
export type RouteAccess = 'public' | 'signed-in';

export interface RouteDefinition {
  path: string;
  module: RemoteModuleId;
  layout: LayoutName;
  /** Screen title after the product name; none on home, which shows the product name alone. */
  title?: string;
  access: RouteAccess;
  props?: ListingPageProps;
}

/**
 * Which module each path shows lives in route-modules.json, so the entry chunk can start
 * loading the current route's remote before any shared module exists.
 */
function moduleOf(path: keyof typeof routeModules): RemoteModuleId {
  return routeModules[path] as RemoteModuleId;
}

/** The one route table of the product: every spec path, the remote module it shows and its frame. */
export const ROUTES: readonly RouteDefinition[] = [
  { path: '/', module: moduleOf('/'), layout: 'main', access: 'public' },
  {
    path: '/blog',
    module: 'catalog/ListingPage',
    layout: 'main',
    title: PAGE_TITLES.blog,
    access: 'public',
    props: { kind: 'blog' },
  },
  {
    path: '/software',
    module: 'catalog/ListingPage',
    layout: 'main',
    title: PAGE_TITLES.software,
    access: 'public',
    props: { kind: 'software' },
  },
  {
    path: '/docs',
    module: 'catalog/ListingPage',
    layout: 'main',
    title: PAGE_TITLES.docs,
    access: 'public',
    props: { kind: 'docs' },
  },
  {
    path: '/courses',
    module: 'catalog/ListingPage',
    layout: 'main',
    title: PAGE_TITLES.courses,
    access: 'public',
    props: { kind: 'course' },
  },
  {
    path: '/profile',
    module: 'account/ProfilePage',
    layout: 'account',
    title: PAGE_TITLES.profile,
    access: 'signed-in',
  },
  { path: '/repo', module: moduleOf('/repo'), layout: 'account', title: PAGE_TITLES.repo, access: 'signed-in' },
  { path: '/cart', module: moduleOf('/cart'), layout: 'account', title: PAGE_TITLES.cart, access: 'signed-in' },
  {
    path: '/setting',
    module: 'account/SettingPage',
    layout: 'account',
    title: PAGE_TITLES.setting,
    access: 'signed-in',
  },
  { path: '/signin', module: moduleOf('/signin'), layout: 'standalone', title: PAGE_TITLES.signIn, access: 'public' },
  { path: '/signup', module: moduleOf('/signup'), layout: 'standalone', title: PAGE_TITLES.signUp, access: 'public' },
];

/** Remote modules the route table needs, per remote: what a published version must expose. */
export function requiredExposes(): Map<string, Set<string>> {
  const required = new Map<string, Set<string>>();
  for (const { module } of ROUTES) {
    const [remote, expose] = module.split('/') as [string, string];
    required.set(remote, (required.get(remote) ?? new Set()).add(`./${expose}`));
  }
  return required;
}
