// The one place the browser tests learn the product's routes: the page table in @devhub/shared.
import { ROUTES as TABLE_ROUTES, type RemoteModuleId } from '@devhub/shared/remote-contract';

export interface Route {
  path: string;
  /** The exposed module the route shows, e.g. `catalog/HomePage`. */
  module: RemoteModuleId;
}

export const ROUTES: readonly Route[] = TABLE_ROUTES.map(({ path, module }) => ({ path, module }));

/** The routes anyone may open: the ones rendered ahead of time. */
export const PUBLIC_PATHS: readonly string[] = TABLE_ROUTES.filter(({ access }) => access === 'public').map(
  ({ path }) => path,
);

export function moduleOf(path: string): RemoteModuleId {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} is not in the route table`);
  return route.module;
}
