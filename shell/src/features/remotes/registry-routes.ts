import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import type { RouteTable } from '@devhub/contracts/routes';
import type { AppRoute } from '@devhub/shared/remote-contract';
import { getManifest } from './manifests';
import type { Registry } from './registry';
import { registryReady } from './remote-loader';

// The shell's routes are those of the remote versions the registry pins (`remotes use` copies
// each version's route table into its pin), so a page goes live with its remote's pin and no
// shell build. A dev server's pin carries none: its table is read from its manifest.

export type RoutesState =
  { state: 'loading' } | { state: 'ready'; routes: readonly AppRoute[] } | { state: 'failed'; error: Error };

export const routesStore = createStore<RoutesState>()(() => ({ state: 'loading' }));

/** Every route of the pinned remotes' tables, in registry order. */
export function routesOfTables(tables: Record<string, RouteTable | undefined>): AppRoute[] {
  return Object.entries(tables).flatMap(([remote, table]) =>
    (table ?? []).flatMap(({ expose, routes, ...page }) =>
      routes.map(
        ({ path, title, props }) =>
          ({ ...page, path, title, module: `${remote}/${expose}`, props: props ?? {} }) as unknown as AppRoute,
      ),
    ),
  );
}

async function tableOf(pin: Registry['remotes'][string]): Promise<RouteTable | undefined> {
  if (pin.routes) return pin.routes;
  const { json } = await getManifest(new URL(pin.entry, window.location.href).href);
  return (json as { routes?: RouteTable } | null)?.routes;
}

/** The registry's routes, for a test or the server renderer to set without reading a registry. */
export function setRoutes(routes: readonly AppRoute[]): void {
  routesStore.setState({ state: 'ready', routes });
}

let loading: Promise<readonly AppRoute[]> | undefined;

/** Builds the routes once the registry is in (the chrome never waits for it); a retry reads it again. */
export function loadRoutes(fresh = false): Promise<readonly AppRoute[]> {
  if (loading && !fresh) return loading;
  if (fresh) routesStore.setState({ state: 'loading' });
  loading = registryReady(fresh).then(async (registry) => {
    const names = Object.keys(registry.remotes);
    const tables = await Promise.all(names.map((name) => tableOf(registry.remotes[name]!).catch(() => undefined)));
    const routes = routesOfTables(Object.fromEntries(names.map((name, index) => [name, tables[index]])));
    setRoutes(routes);
    return routes;
  });
  loading.catch((error: unknown) =>
    routesStore.setState({ state: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
  );
  return loading;
}

/**
 * The routes as they stand, on the server and while hydrating too: the server renderer sets them
 * before it renders, and the browser hydrates only once they are in, so both render with them
 * (zustand's hook would render its initial state there).
 */
export function useRoutes(): RoutesState {
  return useSyncExternalStore(routesStore.subscribe, routesStore.getState, routesStore.getState);
}
