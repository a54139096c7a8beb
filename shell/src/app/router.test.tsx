import { act, screen } from '@testing-library/react';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { renderWithProviders } from '../../../test-support/render';
import { routesOfTables } from '../features/remotes/registry-routes';
import { createRemoteHost } from '../features/remotes/remote-host';
import { SHELL_BUILD } from '../test/federation-fixtures';
import { RemoteHostProvider } from './remote-host-provider';
import { AppRoutes } from './router';

const home = {
  expose: 'HomePage',
  what: 'trang chủ',
  layout: 'main',
  access: 'public',
  routes: [{ path: '/' }],
} as const;

describe("the shell's router", () => {
  it('holds the content area while the registry is on its way, then shows the not-found page for a path no pin serves', async () => {
    // A new host has no routes, as on a first load.
    const host = createRemoteHost(SHELL_BUILD);
    renderWithProviders(
      <RemoteHostProvider host={host}>
        <AppRoutes />
      </RemoteHostProvider>,
      { route: '/orders/history' },
    );
    expect(screen.getByRole('status')).toHaveTextContent(SHELL_TEXT.remote.loading);
    expect(screen.queryByRole('heading', { name: SHELL_TEXT.notFound.heading })).not.toBeInTheDocument();
    act(() => host.routes.setRoutes(routesOfTables({ catalog: [home] })));
    expect(await screen.findByRole('heading', { name: SHELL_TEXT.notFound.heading })).toBeInTheDocument();
  });
});
