import { screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '@devhub/shared/session-store';
import { authApi, type FakeAccount } from '../../../../../test-support/auth-api-handlers';
import { sentRequests } from '../../../../../test-support/msw-server';
import { renderWithProviders } from '../../../../../test-support/render';
import { toastDemand } from '../../../lib/notify';
import { Header } from '../../layout/components/header';
import { UserMenu } from './user-menu';

const initialToastDemand = toastDemand.getState();
afterEach(() => toastDemand.setState(initialToastDemand, true));

/** Signs in with a token the fake auth API accepts for `account`. */
function signInAs(account: Partial<FakeAccount> = {}): string {
  const { username } = authApi.addAccount(account);
  const token = authApi.tokenFor(username);
  useSessionStore.getState().signIn(token);
  return token;
}

const trigger = () => screen.getByRole('button', { name: /^Mở menu tài khoản/ });

describe('user menu', () => {
  it("shows 'Tài khoản của bạn' until the auth API gives the real display name", async () => {
    const token = signInAs({ displayName: 'Trần Thị Bình', username: 'binh' });
    renderWithProviders(<UserMenu />);
    expect(trigger()).toHaveAccessibleName('Mở menu tài khoản: Tài khoản của bạn');

    await waitFor(() => expect(trigger()).toHaveAccessibleName('Mở menu tài khoản: Trần Thị Bình'));
    expect(within(trigger()).getByText('Trần Thị Bình')).toBeInTheDocument();
    const sent = await sentRequests();
    expect(sent.map(({ method, path, headers }) => [method, path, headers.authorization])).toEqual([
      ['GET', '/api/auth/me', `Bearer ${token}`],
    ]);
  });

  it('toggles on click and closes on a click outside, Escape or choosing an item', async () => {
    signInAs();
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
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
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
    expect(screen.queryByRole('link', { name: 'Hồ sơ' })).not.toBeInTheDocument();
  });

  it('is a disclosure: a button that controls a list only while it exists, promising no menu', async () => {
    signInAs();
    const { user } = renderWithProviders(<UserMenu />);
    expect(trigger()).not.toHaveAttribute('aria-haspopup');
    expect(trigger()).not.toHaveAttribute('aria-controls');
    await user.click(trigger());
    const controlled = document.getElementById(trigger().getAttribute('aria-controls') ?? '');
    expect(controlled).toContainElement(screen.getByRole('link', { name: 'Hồ sơ' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('gives focus back to its button on Escape, and closes when focus leaves it', async () => {
    signInAs();
    const { user } = renderWithProviders(
      <div>
        <UserMenu />
        <button type="button">sau menu</button>
      </div>,
    );
    await user.click(trigger());
    await user.tab();
    expect(screen.getByRole('link', { name: 'Hồ sơ' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Hồ sơ' })).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    await user.tab({ shift: true });
    expect(trigger()).not.toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Hồ sơ' })).not.toBeInTheDocument();

    await user.click(trigger());
    for (let press = 0; press < 6; press += 1) await user.tab();
    expect(screen.getByRole('button', { name: 'sau menu' })).toHaveFocus();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it("links 'Hồ sơ', 'Kho lưu trữ', 'Đơn hàng' and 'Cài đặt' to the account pages", async () => {
    signInAs();
    const { user } = renderWithProviders(<UserMenu />);
    await user.click(trigger());
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Hồ sơ', '/profile'],
      ['Kho lưu trữ', '/repo'],
      ['Đơn hàng', '/cart'],
      ['Cài đặt', '/setting'],
    ]);
  });

  it("logs out with 'Đăng xuất': clears the session, says 'Đăng xuất thành công' and goes home", async () => {
    signInAs();
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

describe('the header (spec §4 authenticated flag)', () => {
  const signInLinks = () => [
    screen.queryByRole('link', { name: 'Đăng nhập' }),
    screen.queryByRole('link', { name: 'Đăng ký' }),
  ];

  it("offers 'Đăng nhập' and 'Đăng ký' instead of the user menu once the visitor logs out", async () => {
    signInAs();
    const { user } = renderWithProviders(<Header withSidebar={false} />);
    expect(signInLinks()).toEqual([null, null]);

    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    const [signIn, signUp] = signInLinks();
    expect(signIn).toHaveAttribute('href', '/signin');
    expect(signUp).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /^Mở menu tài khoản/ })).not.toBeInTheDocument();
  });

  it("ends a session whose token the auth API refuses: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại'", async () => {
    useSessionStore.getState().signIn('a-token-the-api-forgot');
    renderWithProviders(<Header withSidebar={false} />);
    expect(trigger()).toBeInTheDocument();

    expect(await screen.findByText('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/signin');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
