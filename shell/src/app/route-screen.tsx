import { Navigate, useLocation } from 'react-router';
import type { AppRoute } from '@devhub/shared/remote-contract';
import { signInPathFor } from '@devhub/shared/safe-redirect';
import { useSessionStore } from '@devhub/shared/session-store';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { RemotePage } from '../features/remotes/components/remote-page';

/** One route of the table: its title, its access rule and its remote page. */
export function RouteScreen({ route }: { route: AppRoute }) {
  usePageTitle(route.title);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (route.access === 'signed-in' && !isAuthenticated) {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return <RemotePage module={route.module} props={route.props} what={route.what} />;
}
