import { screen } from '@testing-library/react';
import type { AppRoute } from '@devhub/shared/remote-contract';
import { useSessionStore } from '@devhub/shared/session-store';
import { renderWithProviders } from '../../../test-support/render';
import { server } from '../../../test-support/msw-server';
import { SHELL_BUILD, environmentHandlers } from '../test/federation-fixtures';
import { fakeFederation } from '../test/fake-federation';
import { createRemoteHost, type RemoteHost } from '../features/remotes/remote-host';
import { RemoteHostProvider } from './remote-host-provider';
import { RouteScreen } from './route-screen';

const profile: AppRoute = {
  path: '/profile',
  title: 'Hồ sơ',
  module: 'account/ProfilePage',
  layout: 'account',
  access: 'signed-in',
  what: 'trang hồ sơ',
  props: {},
};

describe('a route of the table', () => {
  let host: RemoteHost;
  let pageRuns = 0;
  const screenOf = (route: AppRoute) => (
    <RemoteHostProvider host={host}>
      <RouteScreen route={route} />
    </RemoteHostProvider>
  );
  beforeEach(() => {
    server.use(...environmentHandlers());
    pageRuns = 0;
    const federation = fakeFederation({
      'account/ProfilePage': () => {
        pageRuns += 1;
        return { ProfilePage: () => <h1>Profile</h1> };
      },
    });
    host = createRemoteHost(SHELL_BUILD, {}, { federation });
    host.startRemotes();
  });

  it('sends a signed-out visitor of an account page to sign-in with the way back, under the page title', () => {
    const { router } = renderWithProviders(screenOf(profile), {
      route: '/profile?tab=2',
      path: '/profile',
    });
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile?tab=2');
    expect(document.title).toBe('DevHub - Hồ sơ');
    expect(pageRuns).toBe(0);
  });

  it("shows a signed-in visitor the account page's own content", async () => {
    useSessionStore.getState().signIn('t');
    renderWithProviders(screenOf(profile), { route: '/profile', path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(pageRuns).toBe(1);
  });
});
