import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { renderWithProviders } from '../../../../../test-support/render';
import { RouteErrorBoundary } from './route-error-boundary';

function Page() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('Trang này hỏng');
  return <p>Trang bình thường</p>;
}

function Frame() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Page />
    </RouteErrorBoundary>
  );
}

describe('RouteErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('explains a page that threw, and clears once the user navigates elsewhere', async () => {
    const { router } = renderWithProviders(<Frame />, { route: '/broken', path: '/*' });

    expect(screen.getByRole('heading', { name: SHELL_TEXT.routeError.heading })).toBeInTheDocument();
    expect(screen.getByText('Trang này hỏng')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SHELL_TEXT.routeError.backHome })).toHaveAttribute('href', '/');

    await act(() => router.navigate('/blog'));
    expect(screen.getByText('Trang bình thường')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: SHELL_TEXT.routeError.heading })).not.toBeInTheDocument();
  });
});
