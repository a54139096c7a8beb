import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ROUTES, type LayoutName } from '@devhub/shared/remote-contract';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { AccountLayout } from '../features/layout/components/account-layout';
import { MainLayout } from '../features/layout/components/main-layout';
import { StandaloneLayout } from '../features/layout/components/standalone-layout';
import { RemoteSkeleton } from '../features/remotes/components/remote-skeleton';
import { RouteScreen } from './route-screen';

// A tool for whoever debugs a deploy: not worth a byte of every visitor's first load.
const RemotesPanel = lazy(async () => ({
  default: (await import('../features/remotes/components/remotes-panel')).RemotesPanel,
}));

function routesOf(layout: LayoutName) {
  return ROUTES.filter((route) => route.layout === layout).map((route) => (
    <Route key={route.path} path={route.path} element={<RouteScreen key={route.path} route={route} />} />
  ));
}

/**
 * The one route table, as declarative routes: the shell loads no data through the router, and
 * the declarative router is half the bytes of the data router on every visitor's first load.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<MainLayout />}>
          {routesOf('main')}
          <Route
            path="/__remotes"
            element={
              <Suspense fallback={<RemoteSkeleton />}>
                <RemotesPanel />
              </Suspense>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<AccountLayout />}>{routesOf('account')}</Route>
        <Route element={<StandaloneLayout />}>{routesOf('standalone')}</Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
