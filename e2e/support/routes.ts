// The one place the browser tests learn the product's routes: the remotes' own route tables
// (remote-<name>/src/app/routes.ts), which their builds publish and the registry pins.
import type { RemoteModuleId, RemoteRouteTable } from '@devhub/shared/remote-contract';
import { ROUTES as ACCOUNT } from '../../remote-account/src/app/routes';
import { ROUTES as AUTH } from '../../remote-auth/src/app/routes';
import { ROUTES as CATALOG } from '../../remote-catalog/src/app/routes';

export interface Route {
  path: string;
  /** The exposed module the route shows, e.g. `catalog/HomePage`. */
  module: RemoteModuleId;
}

const TABLES: Record<string, RemoteRouteTable> = { catalog: CATALOG, account: ACCOUNT, auth: AUTH };

const TABLE_ROUTES = Object.entries(TABLES).flatMap(([remote, table]) =>
  table.flatMap((page) =>
    page.routes.map(({ path }) => ({
      path,
      module: `${remote}/${page.expose}` as RemoteModuleId,
      access: page.access,
    })),
  ),
);

export const ROUTES: readonly Route[] = TABLE_ROUTES.map(({ path, module }) => ({ path, module }));

/**
 * The first route of each exposed page. A page's other routes show the same component with other
 * props (the catalog's ListingPage at /blog, /software, /docs and /courses), which its unit tests
 * prove: a browser test that shows every page need not load each of its routes.
 */
export const ONE_ROUTE_PER_PAGE: readonly Route[] = ROUTES.filter(
  (route, index) => ROUTES.findIndex((other) => other.module === route.module) === index,
);

/** The routes anyone may open: the ones rendered ahead of time. */
export const PUBLIC_PATHS: readonly string[] = TABLE_ROUTES.filter(({ access }) => access === 'public').map(
  ({ path }) => path,
);

/**
 * The Playwright tag of the app whose route `path` is (`@catalog`), the shell's for a path no remote
 * serves: `npm test -w <app>` runs the browser tests tagged with its name.
 */
export function appTag(path: string): string {
  const route = ROUTES.find((candidate) => candidate.path === path);
  return `@${route ? route.module.split('/')[0] : 'shell'}`;
}

export function moduleOf(path: string): RemoteModuleId {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} is not in the route table`);
  return route.module;
}
