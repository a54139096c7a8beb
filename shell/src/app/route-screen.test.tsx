import { screen } from '@testing-library/react';
import { useSessionStore } from '@devhub/shared/session-store';
import { renderWithProviders } from '../../../test-support/render';
import { REMOTE_MODULE_IDS } from '@devhub/shared/remote-contract';
import routeModules from './route-modules.json';
import { ROUTES, requiredExposes } from './route-table';
import { RouteScreen } from './route-screen';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async () => ({ ProfilePage: () => <h1>Profile</h1> })),
}));

const profile = ROUTES.find((route) => route.path === '/profile')!;

describe('route table and access', () => {
  it('covers the eleven spec paths with their layouts', () => {
    expect(ROUTES.map((route) => [route.path, route.layout])).toEqual([
      ['/', 'main'],
      ['/blog', 'main'],
      ['/software', 'main'],
      ['/docs', 'main'],
      ['/courses', 'main'],
      ['/profile', 'account'],
      ['/repo', 'account'],
      ['/cart', 'account'],
      ['/setting', 'account'],
      ['/signin', 'standalone'],
      ['/signup', 'standalone'],
    ]);
    expect(ROUTES.filter((route) => route.access === 'signed-in').map((route) => route.path)).toEqual([
      '/profile',
      '/repo',
      '/cart',
      '/setting',
    ]);
  });

  it('maps every path to a module of the remote contract', () => {
    for (const module of Object.values(routeModules)) expect(REMOTE_MODULE_IDS).toContain(module);
    expect(Object.keys(routeModules)).toEqual(ROUTES.map((route) => route.path));
  });

  it('derives what every remote must expose', () => {
    expect(Object.fromEntries([...requiredExposes()].map(([remote, set]) => [remote, [...set]]))).toEqual({
      catalog: ['./HomePage', './ListingPage'],
      account: ['./ProfilePage', './RepoPage', './CartPage', './SettingPage'],
      auth: ['./SignInPage', './SignUpPage'],
    });
  });

  it('sends a signed-out visitor of an account page to sign-in with the way back', () => {
    const { router } = renderWithProviders(<RouteScreen route={profile} />, {
      route: '/profile?tab=2',
      path: '/profile',
    });
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile?tab=2');
    expect(document.title).toBe('DevHub - Hồ sơ');
  });

  it('lets a signed-in visitor through', () => {
    useSessionStore.getState().signIn('t');
    renderWithProviders(<RouteScreen route={profile} />, { route: '/profile', path: '/profile' });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
