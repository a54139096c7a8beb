import { Navigate, useLocation } from 'react-router';
import { signInPathFor } from '@devhub/shared/safe-redirect';
import { useSessionStore } from '@devhub/shared/session-store';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { RemotePage } from '../features/remotes/components/remote-page';
import { loadRemoteModule } from './federation/remote-loader';
import type { RouteDefinition } from './route-table';

/** One route of the table: its title, its access rule and its remote page. */
export function RouteScreen({ route }: { route: RouteDefinition }) {
  usePageTitle(route.title);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (route.access === 'signed-in' && !isAuthenticated) {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return <RemotePage id={route.module} load={loadRemoteModule} props={route.props ? { ...route.props } : undefined} />;
}
