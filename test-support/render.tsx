import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';

export interface RenderOptions {
  /** Initial URL, e.g. "/blog?tag=React". */
  route?: string;
  /** Path pattern the element is mounted at; other routes render a marker with their path. */
  path?: string;
  /** Extra routes (e.g. a redirect target) mounted beside the element. */
  routes?: RouteObject[];
  /** Options for user-event, e.g. `{ advanceTimers: jest.advanceTimersByTime }` with fake timers. */
  user?: Parameters<typeof userEvent.setup>[0];
}

export interface RenderWithProvidersResult extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
}

function LocationMarker(): ReactNode {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/**
 * Renders `ui` the way the product does: inside a router and beside the toaster, so tests use
 * links, navigation, search params and toasts as a user would. (A memory data router, so a test
 * can also move through history with `router.navigate`; the hooks the apps use behave the same.)
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProvidersResult {
  const { route = '/', path = '*', routes = [], user: userOptions } = options;
  const router = createMemoryRouter(
    [{ path, element: ui }, ...routes, ...(path === '*' ? [] : [{ path: '*', element: <LocationMarker /> }])],
    { initialEntries: [route] },
  );
  const result = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { ...result, user: userEvent.setup(userOptions), router };
}
