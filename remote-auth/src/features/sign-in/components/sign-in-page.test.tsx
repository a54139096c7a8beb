import { act, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { useSessionStore } from '@devhub/shared/session-store';
import { renderWithProviders } from '../../../../../test-support/render';
import { fakeHttp, heldReply, restoreHttp, type FakeReply } from '../../../lib/fake-http';
import { SignInPage } from './sign-in-page';

const TOKEN = 'header.payload.signature';

afterEach(() => {
  restoreHttp();
  act(() => toast.removeAll());
});

function renderSignIn(route = '/signin') {
  return renderWithProviders(<SignInPage />, {
    route,
    path: '/signin',
    routes: [
      { path: '/', element: <p>trang chủ</p> },
      { path: '/profile', element: <p>trang hồ sơ</p> },
    ],
  });
}

const username = () => screen.getByLabelText('Tên đăng nhập');
const password = () => screen.getByLabelText('Mật khẩu');
const submit = () => screen.getByRole('button', { name: /^Đăng nhập/ });

async function fillAndSubmit(user: ReturnType<typeof renderSignIn>['user'], name = 'an.nguyen', secret = 'mat-khau-1') {
  await user.type(username(), name);
  await user.type(password(), secret);
  await user.click(submit());
}

describe('sign-in page', () => {
  it('shows the spec screen: fields, forgotten-password link, social buttons, sign-up link and logo', () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeInTheDocument();
    expect(username()).toHaveAttribute('autocomplete', 'username');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Quên mật khẩu?' })).toHaveAttribute('href', '#');
    expect(screen.getByRole('button', { name: 'Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Đăng ký' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'DevHub — về trang chủ' })).toHaveAttribute('href', '/');
  });

  describe('validation (on submit, then again on every change)', () => {
    it('asks for both fields on an empty submit, under each field, without calling the API', async () => {
      const { requests } = fakeHttp({});
      const { user } = renderSignIn();
      await user.click(submit());

      expect(username()).toHaveAttribute('aria-invalid', 'true');
      expect(username()).toHaveAccessibleDescription('Vui lòng nhập tên đăng nhập');
      expect(password()).toHaveAttribute('aria-invalid', 'true');
      expect(password()).toHaveAccessibleDescription('Vui lòng nhập mật khẩu');
      expect(requests).toHaveLength(0);
    });

    it('treats a username of spaces as missing', async () => {
      const { user } = renderSignIn();
      await user.type(username(), '   ');
      await user.click(submit());
      expect(username()).toHaveAccessibleDescription('Vui lòng nhập tên đăng nhập');
    });

    it('asks for at least 8 characters of password', async () => {
      const { user } = renderSignIn();
      await fillAndSubmit(user, 'an', '1234567');
      expect(password()).toHaveAccessibleDescription('Mật khẩu phải có ít nhất 8 kí tự');
      expect(username()).toHaveAttribute('aria-invalid', 'false');
      expect(username()).not.toHaveAccessibleDescription();
    });

    it('stays quiet while typing before the first submit', async () => {
      const { user } = renderSignIn();
      await user.type(password(), '123');
      await user.clear(password());
      expect(screen.queryByText(/Vui lòng nhập|ít nhất 8/)).not.toBeInTheDocument();
    });

    it('re-validates each field on change after a submit', async () => {
      const { user } = renderSignIn();
      await user.click(submit());

      await user.type(username(), 'a');
      expect(screen.queryByText('Vui lòng nhập tên đăng nhập')).not.toBeInTheDocument();
      await user.clear(username());
      expect(username()).toHaveAccessibleDescription('Vui lòng nhập tên đăng nhập');

      await user.type(password(), '1234');
      expect(password()).toHaveAccessibleDescription('Mật khẩu phải có ít nhất 8 kí tự');
      await user.type(password(), '5678');
      expect(password()).toHaveAttribute('aria-invalid', 'false');
      expect(screen.queryByText('Mật khẩu phải có ít nhất 8 kí tự')).not.toBeInTheDocument();
    });
  });

  describe('spec §4 transitions', () => {
    it('stores the token, says so and goes home; the loading flag ends off', async () => {
      const { requests } = fakeHttp({
        'POST /auth/login': () => ({ status: 200, body: { data: { access_token: TOKEN } } }),
      });
      const { user, router } = renderWithProviders(<SignInPage />, { route: '/signin' });
      await fillAndSubmit(user);

      expect(await screen.findByText('Đăng nhập thành công')).toBeInTheDocument();
      expect(requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          url: '/auth/login',
          body: { username: 'an.nguyen', password: 'mat-khau-1' },
        }),
      ]);
      expect(useSessionStore.getState()).toMatchObject({ token: TOKEN, isAuthenticated: true });
      expect(localStorage.getItem('access_token')).toBe(TOKEN);
      expect(router.state.location.pathname).toBe('/');
      // Mounted on every path here, so the same form is still on screen after the navigation.
      await waitFor(() => expect(submit()).toBeEnabled());
      expect(submit()).toHaveAttribute('aria-busy', 'false');
    });

    it.each([
      ['%2Fprofile%3Ftab%3D2', '/profile', '?tab=2'],
      ['https%3A%2F%2Fevil.example%2Fsteal', '/', ''],
      ['%2F%2Fevil.example', '/', ''],
      ['javascript%3Aalert(1)', '/', ''],
    ])('after sign-in follows redirect=%s only when it is a same-site path', async (redirect, pathname, search) => {
      fakeHttp({ 'POST /auth/login': () => ({ status: 200, body: { data: { access_token: TOKEN } } }) });
      const { user, router } = renderSignIn(`/signin?redirect=${redirect}`);
      await fillAndSubmit(user);
      await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
      expect(router.state.location.search).toBe(search);
    });

    it('keeps a safe redirect on the way to sign-up', () => {
      renderSignIn('/signin?redirect=%2Fcart');
      expect(screen.getByRole('link', { name: 'Đăng ký' })).toHaveAttribute('href', '/signup?redirect=%2Fcart');
    });

    it('answers a response without a token with the wrong-credentials error and clears only the password', async () => {
      fakeHttp({ 'POST /auth/login': () => ({ status: 200, body: { data: {} } }) });
      const { user, router } = renderSignIn();
      await fillAndSubmit(user);

      expect(await screen.findByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeInTheDocument();
      expect(password()).toHaveValue('');
      expect(password()).toHaveFocus();
      expect(username()).toHaveValue('an.nguyen');
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
      expect(localStorage.getItem('access_token')).toBeNull();
      expect(router.state.location.pathname).toBe('/signin');
      expect(submit()).toBeEnabled();
    });

    it('shows a spinner and disables the button while the request runs, and only then', async () => {
      const held = heldReply();
      fakeHttp({ 'POST /auth/login': held.route });
      const { user } = renderSignIn();
      await fillAndSubmit(user);

      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');
      expect(submit()).toHaveTextContent('Đang xử lý…');

      act(() => held.release({ status: 500, body: {} }));
      await waitFor(() => expect(submit()).toBeEnabled());
      expect(submit()).toHaveAttribute('aria-busy', 'false');
      expect(submit()).not.toHaveTextContent('Đang xử lý…');
    });
  });

  describe('spec §8 error catalogue', () => {
    it.each<[string, FakeReply, string, boolean]>([
      [
        '400 with a message',
        { status: 400, body: { message: 'Tên đăng nhập quá dài' } },
        'Tên đăng nhập quá dài',
        false,
      ],
      ['400 without a message', { status: 400, body: {} }, 'Dữ liệu không hợp lệ', false],
      ['401', { status: 401, body: { message: 'ignored' } }, 'Tên đăng nhập hoặc mật khẩu không đúng', true],
      ['409', { status: 409, body: {} }, 'Trùng tên đăng nhập hoặc email', false],
      ['429', { status: 429, body: { message: 'Thử lại sau 5 phút' } }, 'Thử lại sau 5 phút', false],
      ['500', { status: 500, body: { message: 'stack trace' } }, 'Lỗi máy chủ, vui lòng thử lại sau', false],
      ['another status with a message', { status: 418, body: { message: 'Ấm trà' } }, 'Ấm trà', false],
      ['another status without a message', { status: 503 }, 'Lỗi hệ thống, vui lòng thử lại!', false],
      ['no response', 'network-error', 'Lỗi hệ thống, vui lòng thử lại!', false],
    ])('%s', async (_case, reply, message, clearsPassword) => {
      fakeHttp({ 'POST /auth/login': () => reply });
      const { user } = renderSignIn();
      await fillAndSubmit(user);

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
      expect(password()).toHaveValue(clearsPassword ? '' : 'mat-khau-1');
      expect(username()).toHaveValue('an.nguyen');
      expect(submit()).toBeEnabled();
    });
  });

  it.each(['Google', 'Apple'])('the %s button only says the feature is in development', async (name) => {
    const { requests } = fakeHttp({});
    const { user } = renderSignIn();
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByText('tính năng đang phát triển')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends a visitor who is already signed in to "/"', async () => {
    useSessionStore.getState().signIn(TOKEN);
    const { router } = renderSignIn('/signin?redirect=%2Fprofile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('trang chủ')).toBeInTheDocument();
  });
});
