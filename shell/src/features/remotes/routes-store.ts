import { createStore } from 'zustand/vanilla';
import type { RouteTable } from '@devhub/contracts/routes';
import type { AppRoute } from '@devhub/shared/remote-contract';
import type { GetManifest } from './manifests';
import type { Registry } from './registry';

// The shell's routes are those of the remote versions the registry pins (`remotes use` copies
// each version's route table into its pin), so a page goes live with its remote's pin and no
// shell build. A dev server's pin carries none: its table is read from its manifest.

export type RoutesState =
  { state: 'loading' } | { state: 'ready'; routes: readonly AppRoute[] } | { state: 'failed'; error: Error };

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

/** The routes of one remote host: built from its registry once it is in; a retry reads it again. */
export function createRoutes({
  registryReady,
  getManifest,
}: {
  registryReady: (fresh: boolean) => Promise<Registry>;
  getManifest: GetManifest;
}) {
  const store = createStore<RoutesState>()(() => ({ state: 'loading' }));
  let loading: Promise<readonly AppRoute[]> | undefined;

  async function tableOf(pin: Registry['remotes'][string]): Promise<RouteTable | undefined> {
    if (pin.routes) return pin.routes;
    const { json } = await getManifest(new URL(pin.entry, window.location.href).href);
    return json.routes as RouteTable | undefined;
  }

  /** The registry's routes, for a test or the server renderer to set without reading a registry. */
  function setRoutes(routes: readonly AppRoute[]): void {
    store.setState({ state: 'ready', routes });
  }

  /** Builds the routes once the registry is in (the chrome never waits for it); a retry reads it again. */
  function loadRoutes(fresh = false): Promise<readonly AppRoute[]> {
    if (loading && !fresh) return loading;
    if (fresh) store.setState({ state: 'loading' });
    loading = registryReady(fresh).then(async (registry) => {
      const names = Object.keys(registry.remotes);
      const tables = await Promise.all(names.map((name) => tableOf(registry.remotes[name]!).catch(() => undefined)));
      // A refused pin's routes stay: its pages say why it does not run (remote-check.ts).
      const refused = Object.entries(registry.refused ?? {}).map(([name, { routes }]) => [name, routes] as const);
      const routes = routesOfTables({
        ...Object.fromEntries(names.map((name, index) => [name, tables[index]])),
        ...Object.fromEntries(refused),
      });
      setRoutes(routes);
      return routes;
    });
    loading.catch((error: unknown) =>
      store.setState({ state: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return loading;
  }

  return { store, setRoutes, loadRoutes };
}
