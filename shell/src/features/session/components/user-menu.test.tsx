import { screen } from '@testing-library/react';
import { apiClient } from '@devhub/shared/api-client';
import { useSessionStore } from '@devhub/shared/session-store';
import { renderWithProviders } from '../../../../../test-support/render';
import { UserMenu } from './user-menu';

function answerMe(displayName: string | null) {
  apiClient.defaults.adapter = async (config) => ({
    data: displayName ? { data: { username: 'an', displayName, email: 'an@example.vn' } } : { message: 'no' },
    status: displayName ? 200 : 500,
    statusText: '',
    headers: {},
    config,
  });
}

describe('user menu', () => {
  beforeEach(() => useSessionStore.getState().signIn('token-1'));

  const trigger = () => screen.getByRole('button', { name: /Mở menu tài khoản/ });

  it('shows the real display name from the auth API, and a neutral label before it', async () => {
    answerMe('Nguyễn Văn An');
    renderWithProviders(<UserMenu />);
    expect(trigger()).toHaveAccessibleName('Mở menu tài khoản: Tài khoản của bạn');
    expect(await screen.findByText('Nguyễn Văn An')).toBeInTheDocument();
  });

  it('toggles on click and closes on a click outside, Escape or choosing an item', async () => {
    answerMe(null);
    const { user } = renderWithProviders(
      <div>
        <UserMenu />
        <p>ngoài menu</p>
      </div>,
      { path: '/' },
    );
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Hồ sơ', 'Kho lưu trữ', 'Đơn hàng', 'Cài đặt']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Thành viên')).toBeInTheDocument();

    await user.click(trigger());
    expect(screen.queryByRole('link', { name: 'Hồ sơ' })).not.toBeInTheDocument();

    await user.click(trigger());
    await user.click(screen.getByText('ngoài menu'));
    expect(screen.queryByRole('link', { name: 'Hồ sơ' })).not.toBeInTheDocument();

    await user.click(trigger());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Hồ sơ' })).not.toBeInTheDocument();

    await user.click(trigger());
    await user.click(screen.getByRole('link', { name: 'Đơn hàng' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it('logs out: clears the session, says so, and goes home', async () => {
    answerMe(null);
    const { user, router } = renderWithProviders(<UserMenu />, {
      route: '/profile',
      path: '/profile',
      routes: [{ path: '/', element: <p>trang chủ</p> }],
    });
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Đăng xuất thành công')).toBeInTheDocument();
  });
});
