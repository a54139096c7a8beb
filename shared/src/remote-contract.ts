/**
 * The contract between the shell and the remotes. It names no page: each remote owns its route
 * table (`remote-<name>/src/app/routes.ts`, typed by `RemoteRouteTable`), its build exposes the
 * pages the table lists and writes the table into its mf-manifest.json, and pinning a version
 * (`npm run remotes -- use`) puts its routes in the registry the shell builds its routes from.
 * Adding, renaming or removing a page therefore changes nothing here.
 */

export type LayoutName = 'main' | 'account' | 'standalone';

/** Who may open a route: account pages need a session. */
export type RouteAccess = 'public' | 'signed-in';

/** What a page's component gets at one of its paths (the route table is JSON, so are its props). */
export type PageProps = Readonly<Record<string, string | number | boolean>>;

/** One path of a remote's page: its screen title and, for a component that takes props, its props. */
export interface RemoteRoutePath {
  path: string;
  /** Screen title after the product name; none shows the product name alone. */
  title?: string;
  props?: PageProps;
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

/**
 * The three remotes this repository started with. Neither the shell nor the CLI reads this list:
 * an environment's registry names its remotes (contracts/src/registry.js checks a name's form).
 *
 * @deprecated kept for the 1.x API of @devhub/shared; a registry may name any remote.
 */
export const REMOTE_NAMES = ['catalog', 'account', 'auth'] as const;

export type RemoteName = (typeof REMOTE_NAMES)[number];

/** A page as the federation runtime loads it: "<remote>/<exposed component>", e.g. "catalog/HomePage". */
export type RemoteModuleId = `${string}/${string}`;

/** One route of the shell: a path of a pinned remote's page, with everything its table entry says. */
export interface AppRoute {
  path: string;
  /** Screen title after the product name; none on home, which shows the product name alone. */
  title?: string;
  module: RemoteModuleId;
  layout: LayoutName;
  access: RouteAccess;
  what: string;
  props: PageProps;
}

/** @deprecated membership of REMOTE_NAMES; a registry checks a name by its form (isRemoteNameForm in contracts). */
export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

/** The remote a page is loaded from: "catalog/HomePage" → "catalog". */
export function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** The export a page is loaded by: "catalog/HomePage" exports `HomePage`. */
export function exportNameOf(id: RemoteModuleId): string {
  return id.slice(id.indexOf('/') + 1);
}

/** The User Timing mark set once a page's content (not a skeleton) is on screen: what the benchmark measures. */
export const CONTENT_READY_MARK = 'content-ready:';

/**
 * Sets a page's content-ready mark, once. A page reports its content with useContentReady
 * (use-content-ready.ts), which marks through the shell; a page built before it (shared 1.0)
 * calls this itself, and is then only measured: the shell hears nothing from it.
 */
export function markContentReady(id: string): void {
  if (performance.getEntriesByName(`${CONTENT_READY_MARK}${id}`).length === 0) {
    performance.mark(`${CONTENT_READY_MARK}${id}`);
  }
}
