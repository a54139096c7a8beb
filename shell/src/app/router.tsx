import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/components/route-error-page';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { AccountLayout } from '../features/layout/components/account-layout';
import { MainLayout } from '../features/layout/components/main-layout';
import { StandaloneLayout } from '../features/layout/components/standalone-layout';
import { RouteScreen } from './route-screen';
import { ROUTES, type LayoutName } from './route-table';
import { RemoteSkeleton } from '../features/remotes/components/remote-skeleton';

// A tool for whoever debugs a deploy: not worth a byte of every visitor's first load.
const RemotesPanel = lazy(async () => ({
  default: (await import('../features/remotes-panel/components/remotes-panel')).RemotesPanel,
}));

function routesOf(layout: LayoutName): RouteObject[] {
  return ROUTES.filter((route) => route.layout === layout).map((route) => ({
    path: route.path,
    element: <RouteScreen key={route.path} route={route} />,
  }));
}

export function createRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <MainLayout />,
          children: [
            ...routesOf('main'),
            {
              path: '/__remotes',
              element: (
                <Suspense fallback={<RemoteSkeleton />}>
                  <RemotesPanel />
                </Suspense>
              ),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        { element: <AccountLayout />, children: routesOf('account') },
        { element: <StandaloneLayout />, children: routesOf('standalone') },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
