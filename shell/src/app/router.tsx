import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { AppRoute, LayoutName } from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { AccountLayout } from '../features/layout/components/account-layout';
import { MainLayout } from '../features/layout/components/main-layout';
import { StandaloneLayout } from '../features/layout/components/standalone-layout';
import { RemoteError } from '../features/remotes/components/remote-error';
import { RemoteSkeleton } from '../features/remotes/components/remote-skeleton';
import { useRoutes } from '../features/remotes/registry-routes';
import { useRemoteHost } from '../features/remotes/remote-host-context';
import { RouteScreen } from './route-screen';

// A tool for whoever debugs a deploy: not worth a byte of every visitor's first load.
const RemotesPanel = lazy(async () => ({
  default: (await import('../features/remotes/components/remotes-panel')).RemotesPanel,
}));

function routesOf(routes: readonly AppRoute[], layout: LayoutName) {
  return routes
    .filter((route) => route.layout === layout)
    .map((route) => (
      <Route key={route.path} path={route.path} element={<RouteScreen key={route.path} route={route} />} />
    ));
}

/** A path no route matches yet: the registry is still on its way, or could not be read. */
function Unrouted() {
  const routes = useRoutes();
  const host = useRemoteHost();
  if (routes.state === 'ready') return <NotFoundPage />;
  if (routes.state === 'loading') return <RemoteSkeleton />;
  return (
    <RemoteError
      what={SHELL_TEXT.remote.routesWhat}
      error={routes.error}
      onRetry={() => void host.routes.loadRoutes(true)}
    />
  );
}

/**
 * The routes of the remote versions the registry pins (registry-routes.ts), as declarative
 * routes: the shell loads no data through the router, and the declarative router is half the
 * bytes of the data router on every visitor's first load. Until the registry is in, the chrome
 * renders and the content area holds its place; a path no pinned remote serves is then not found.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const state = useRoutes();
  const routes = state.state === 'ready' ? state.routes : [];
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<MainLayout />}>
          {routesOf(routes, 'main')}
          <Route
            path="/__remotes"
            element={
              <Suspense fallback={<RemoteSkeleton />}>
                <RemotesPanel />
              </Suspense>
            }
          />
          <Route path="*" element={<Unrouted />} />
        </Route>
        <Route element={<AccountLayout />}>{routesOf(routes, 'account')}</Route>
        <Route element={<StandaloneLayout />}>{routesOf(routes, 'standalone')}</Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
