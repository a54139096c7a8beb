import { useSyncExternalStore } from 'react';
import { useRemoteHost } from './remote-host-context';
import type { RoutesState } from './routes-store';

// The routes' store (routes-store.ts) is made by the remote host, which this hook reads: the store
// sits below the host and the hook above it, so no import goes round in a circle. The server
// renderer takes routesOfTables from here.
export { routesOfTables } from './routes-store';

/**
 * The host's routes as they stand, on the server and while hydrating too: the server renderer sets
 * them before it renders, and the browser hydrates only once they are in, so both render with them
 * (zustand's hook would render its initial state there).
 */
export function useRoutes(): RoutesState {
  const { routes } = useRemoteHost();
  return useSyncExternalStore(routes.store.subscribe, routes.store.getState, routes.store.getState);
}
