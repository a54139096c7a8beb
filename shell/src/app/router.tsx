import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/components/route-error-page';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { AccountLayout } from '../features/layout/components/account-layout';
import { MainLayout } from '../features/layout/components/main-layout';
import { StandaloneLayout } from '../features/layout/components/standalone-layout';
import { RemotesPanel } from '../features/remotes-panel/components/remotes-panel';
import { RouteScreen } from './route-screen';
import { ROUTES, type LayoutName } from './route-table';

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
            { path: '/__remotes', element: <RemotesPanel /> },
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
