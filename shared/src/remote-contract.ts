import type { ComponentType } from 'react';
import { PAGE_NAMES, PAGE_TITLES } from '@devhub/shared/strings';
import type { ListingPageProps } from './types';

/**
 * The contract between the shell and the remotes, as one table: every remote page with its
 * paths, layout, title, access rule and props type. Everything else derives from it: the shell's
 * routes and the route map its index.html inlines, each remote's `exposes` (rspack.config.ts),
 * what a shell build requires of each remote (its compatibility record, which the remotes CLI
 * reads), the standalone frames and the tests' route lists.
 *
 * Adding a page: its component, its expose file `src/app/exposes/<kebab-name>.tsx` exporting it
 * by the name after the slash, and one entry here.
 */

export type LayoutName = 'main' | 'account' | 'standalone';

/** Who may open a route: account pages need a session. */
export type RouteAccess = 'public' | 'signed-in';

/** One path of a remote's page: its screen title and, for a component that takes props, its props. */
export interface RemoteRoutePath {
  path: string;
  /** Screen title after the product name; none shows the product name alone. */
  title?: string;
  props?: Readonly<Record<string, string | number | boolean>>;
}

/** One page of a remote's route table (`remote-<name>/src/app/routes.ts`). */
export interface RemoteRoute {
  /** The exposed component: "CartPage" is exposed as "./CartPage" and its expose file exports `CartPage`. */
  expose: string;
  /** The expose file, relative to the remote's folder ("./src/app/exposes/cart-page.tsx"). */
  file: string;
  /** What the page shows, for the failure message of its slot. */
  what: string;
  layout: LayoutName;
  access: RouteAccess;
  routes: readonly RemoteRoutePath[];
}

/**
 * A remote's pages: its build derives its exposes from the table and writes the table (without
 * `file`) into its mf-manifest.json; pinning the remote puts its routes in the registry.
 */
export type RemoteRouteTable = readonly RemoteRoute[];

type NoProps = Record<string, never>;

/** One path a page is shown at; a page whose component takes props gets them per path. */
export type PageRoute<P> = { path: string; title?: string } & (P extends NoProps ? { props?: P } : { props: P });

export interface PageEntry<P> {
  /** What the page shows, for the failure message of its slot. */
  what: string;
  layout: LayoutName;
  access: RouteAccess;
  routes: readonly PageRoute<P>[];
}

/** A page whose component takes the props `P` (none unless given). */
function page<P extends object = NoProps>(entry: PageEntry<P>): PageEntry<P> {
  return entry;
}

export const REMOTE_PAGES = {
  'catalog/HomePage': page({ what: PAGE_NAMES.home, layout: 'main', access: 'public', routes: [{ path: '/' }] }),
  'catalog/ListingPage': page<ListingPageProps>({
    what: PAGE_NAMES.listing,
    layout: 'main',
    access: 'public',
    routes: [
      { path: '/blog', title: PAGE_TITLES.blog, props: { kind: 'blog' } },
      { path: '/software', title: PAGE_TITLES.software, props: { kind: 'software' } },
      { path: '/docs', title: PAGE_TITLES.docs, props: { kind: 'docs' } },
      { path: '/courses', title: PAGE_TITLES.courses, props: { kind: 'course' } },
    ],
  }),
  'account/ProfilePage': page({
    what: PAGE_NAMES.profile,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/profile', title: PAGE_TITLES.profile }],
  }),
  'account/RepoPage': page({
    what: PAGE_NAMES.repo,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/repo', title: PAGE_TITLES.repo }],
  }),
  'account/CartPage': page({
    what: PAGE_NAMES.cart,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/cart', title: PAGE_TITLES.cart }],
  }),
  'account/SettingPage': page({
    what: PAGE_NAMES.setting,
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/setting', title: PAGE_TITLES.setting }],
  }),
  'auth/SignInPage': page({
    what: PAGE_NAMES.signIn,
    layout: 'standalone',
    access: 'public',
    routes: [{ path: '/signin', title: PAGE_TITLES.signIn }],
  }),
  'auth/SignUpPage': page({
    what: PAGE_NAMES.signUp,
    layout: 'standalone',
    access: 'public',
    routes: [{ path: '/signup', title: PAGE_TITLES.signUp }],
  }),
};

export type RemoteModuleId = keyof typeof REMOTE_PAGES;
export type RemoteName = RemoteModuleId extends `${infer R}/${string}` ? R : never;
/** The export a module is loaded by: "catalog/HomePage" exports `HomePage`. */
export type ExportNameOf<K extends RemoteModuleId> = K extends `${string}/${infer E}` ? E : never;
export type PagePropsOf<K extends RemoteModuleId> = K extends RemoteModuleId
  ? (typeof REMOTE_PAGES)[K] extends PageEntry<infer P>
    ? P
    : never
  : never;

/** What each exposed module exports: the shell loads by this, each remote's component takes these props. */
export type RemoteModules = {
  [K in RemoteModuleId]: { [E in ExportNameOf<K>]: ComponentType<PagePropsOf<K>> };
};

/** One route of the shell: a path of a page, with everything the page's table entry says. */
export interface AppRoute<K extends RemoteModuleId = RemoteModuleId> {
  path: string;
  /** Screen title after the product name; none on home, which shows the product name alone. */
  title?: string;
  module: K;
  layout: LayoutName;
  access: RouteAccess;
  what: string;
  props: PagePropsOf<K>;
}

export const REMOTE_MODULE_IDS = Object.keys(REMOTE_PAGES) as RemoteModuleId[];

export function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

export function exportNameOf<K extends RemoteModuleId>(id: K): ExportNameOf<K> {
  return id.slice(id.indexOf('/') + 1) as ExportNameOf<K>;
}

/** Every remote, in table order. */
export const REMOTE_NAMES: readonly RemoteName[] = [...new Set(REMOTE_MODULE_IDS.map(remoteOf))];

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

/** The federation exposes of a remote: "./HomePage", … */
export function exposesOf(remote: RemoteName): string[] {
  return REMOTE_MODULE_IDS.filter((id) => remoteOf(id) === remote).map((id) => `./${exportNameOf(id)}`);
}

/** The file (under src/app/exposes/, without extension) that exposes a page: HomePage → home-page. */
export function exposeFileOf(exportName: string): string {
  return exportName.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();
}

/** Every route, in table order. */
export const ROUTES: readonly AppRoute[] = REMOTE_MODULE_IDS.flatMap((module) => {
  const { routes, ...entry } = REMOTE_PAGES[module] as unknown as PageEntry<object>;
  return routes.map(({ path, title, props }) => ({ ...entry, path, title, module, props: props ?? {} }) as AppRoute);
});

/** The User Timing mark a page sets once its content (not a skeleton) is on screen. */
export const CONTENT_READY_MARK = 'content-ready:';

/**
 * Part of the contract: every exposed page calls this from an effect of the component that
 * shows its content, after any data it waits for. The benchmark measures time-to-content by it.
 */
export function markContentReady(id: RemoteModuleId): void {
  if (performance.getEntriesByName(`${CONTENT_READY_MARK}${id}`).length === 0) {
    performance.mark(`${CONTENT_READY_MARK}${id}`);
  }
}
