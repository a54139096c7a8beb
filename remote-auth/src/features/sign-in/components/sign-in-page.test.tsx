import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { useSessionStore } from '@devhub/shared/session-store';
import { AUTH_API, TEST_ACCOUNT, authApi } from '../../../../../test-support/auth-api-handlers';
import { heldResponse, sentRequests, server } from '../../../../../test-support/msw-server';
import { renderWithProviders } from '../../../../../test-support/render';
import { hydrateServerMarkup } from '../../../../../test-support/hydrate';
import { SignInPage } from './sign-in-page';

const TOKEN = 'header.payload.signature';

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

async function fillAndSubmit(
  user: ReturnType<typeof renderSignIn>['user'],
  name = TEST_ACCOUNT.username,
  secret = TEST_ACCOUNT.password,
) {
  await user.type(username(), name);
  await user.type(password(), secret);
  await user.click(submit());
}

/** Every later sign-in answers `reply`, whatever the credentials. */
const answerSignIn = (reply: () => Response | Promise<Response>) => server.use(http.post(AUTH_API.login, reply));

describe('sign-in page', () => {
  it('posts its form as the server renders it: sent before any script runs, the password stays out of the address', async () => {
    const rendered = await hydrateServerMarkup(
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
      </Routes>,
      { route: '/signin' },
    );
    const page = document.createElement('div');
    page.innerHTML = rendered.serverHtml;
    rendered.unmount();
    expect(page.querySelectorAll('form')).toHaveLength(1);
    expect(page.querySelector('form')).toHaveAttribute('method', 'post');
    expect(page.querySelector('input[type="password"]')?.closest('form')).toBe(page.querySelector('form'));
  });

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
      const { user } = renderSignIn();
      await user.click(submit());

      expect(username()).toHaveAttribute('aria-invalid', 'true');
      expect(username()).toHaveAccessibleDescription('Vui lòng nhập tên đăng nhập');
      expect(password()).toHaveAttribute('aria-invalid', 'true');
      expect(password()).toHaveAccessibleDescription('Vui lòng nhập mật khẩu');
      expect(await sentRequests()).toEqual([]);
    });

    it('treats a username of spaces as missing', async () => {
      const { user } = renderSignIn();
      await fillAndSubmit(user, '   ');
      expect(username()).toHaveAccessibleDescription('Vui lòng nhập tên đăng nhập');
      expect(await sentRequests()).toEqual([]);
    });

    it('asks for at least 8 characters of password', async () => {
      const { user } = renderSignIn();
      await fillAndSubmit(user, 'an', '1234567');
      expect(password()).toHaveAccessibleDescription('Mật khẩu phải có ít nhất 8 kí tự');
      expect(username()).toHaveAttribute('aria-invalid', 'false');
      expect(username()).not.toHaveAccessibleDescription();
      expect(await sentRequests()).toEqual([]);
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
    it("keeps the token the API issued, says 'Đăng nhập thành công' and goes home; the loading flag ends off", async () => {
      authApi.addAccount();
      const { user, router } = renderWithProviders(<SignInPage />, { route: '/signin' });
      await fillAndSubmit(user);

      expect(await screen.findByText('Đăng nhập thành công')).toBeInTheDocument();
      expect(await sentRequests()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/auth/login',
          body: { username: 'an.nguyen', password: 'mat-khau-1' },
        }),
      ]);
      const { token } = useSessionStore.getState();
      expect(authApi.accountOf(token)?.username).toBe('an.nguyen');
      expect(useSessionStore.getState().isAuthenticated).toBe(true);
      expect(localStorage.getItem('access_token')).toBe(token);
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
      authApi.addAccount();
      const { user, router } = renderSignIn(`/signin?redirect=${redirect}`);
      await fillAndSubmit(user);
      await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
      expect(router.state.location.search).toBe(search);
    });

    it('keeps a safe redirect on the way to sign-up', () => {
      renderSignIn('/signin?redirect=%2Fcart');
      expect(screen.getByRole('link', { name: 'Đăng ký' })).toHaveAttribute('href', '/signup?redirect=%2Fcart');
    });

    it("answers a response without a token with 'Tên đăng nhập hoặc mật khẩu không đúng' and clears only the password", async () => {
      answerSignIn(() => HttpResponse.json({ data: {} }));
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
      const held = heldResponse();
      answerSignIn(held.resolver);
      const { user } = renderSignIn();
      expect(submit()).toHaveAttribute('aria-busy', 'false');
      await fillAndSubmit(user);

      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');
      expect(submit()).toHaveTextContent('Đang xử lý…');

      act(() => held.release(HttpResponse.json({}, { status: 500 })));
      await waitFor(() => expect(submit()).toBeEnabled());
      expect(submit()).toHaveAttribute('aria-busy', 'false');
      expect(submit()).not.toHaveTextContent('Đang xử lý…');
    });
  });

  describe('spec §8 error catalogue', () => {
    const json = (status: number, body: object) => () => HttpResponse.json(body, { status });

    it.each<[string, string, () => Response, boolean]>([
      ['400 with a message', 'Tên đăng nhập quá dài', json(400, { message: 'Tên đăng nhập quá dài' }), false],
      ['400 without a message', 'Dữ liệu không hợp lệ', json(400, {}), false],
      ['401', 'Tên đăng nhập hoặc mật khẩu không đúng', json(401, { message: 'ignored' }), true],
      ['409', 'Trùng tên đăng nhập hoặc email', json(409, {}), false],
      ['429', 'Thử lại sau 5 phút', json(429, { message: 'Thử lại sau 5 phút' }), false],
      ['500', 'Lỗi máy chủ, vui lòng thử lại sau', json(500, { message: 'stack trace' }), false],
      ['another status with a message', 'Ấm trà', json(418, { message: 'Ấm trà' }), false],
      [
        'another status without a message',
        'Lỗi hệ thống, vui lòng thử lại!',
        () => new HttpResponse(null, { status: 503 }),
        false,
      ],
      ['no response', 'Lỗi hệ thống, vui lòng thử lại!', () => HttpResponse.error(), false],
    ])("answers %s with '%s'", async (_case, message, reply, clearsPassword) => {
      answerSignIn(reply);
      const { user } = renderSignIn();
      await fillAndSubmit(user);

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
      expect(password()).toHaveValue(clearsPassword ? '' : 'mat-khau-1');
      expect(username()).toHaveValue('an.nguyen');
      expect(submit()).toBeEnabled();
    });

    it("refuses a wrong password with 'Tên đăng nhập hoặc mật khẩu không đúng', clears it and focuses it for the retry", async () => {
      authApi.addAccount();
      const { user } = renderSignIn();
      await fillAndSubmit(user, TEST_ACCOUNT.username, 'mat-khau-sai');

      expect(await screen.findByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeInTheDocument();
      expect(password()).toHaveValue('');
      expect(password()).toHaveFocus();
      expect(username()).toHaveValue('an.nguyen');
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
      expect(localStorage.getItem('access_token')).toBeNull();
    });

    it('passes on what a throttling or busy auth API says, and keeps the password', async () => {
      authApi.addAccount();
      authApi.rateLimit(60);
      const { user } = renderSignIn();
      await fillAndSubmit(user);
      expect(await screen.findByText('Bạn đã thử quá nhiều lần, vui lòng thử lại sau ít phút')).toBeInTheDocument();
      expect(password()).toHaveValue('mat-khau-1');

      authApi.beBusy();
      await user.click(submit());
      expect(await screen.findByText('Máy chủ đang bận, vui lòng thử lại sau giây lát')).toBeInTheDocument();
      expect(password()).toHaveValue('mat-khau-1');
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
    });
  });

  it.each(['Google', 'Apple'])("the %s button only says 'tính năng đang phát triển'", async (name) => {
    const { user } = renderSignIn();
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByText('tính năng đang phát triển')).toBeInTheDocument();
    expect(await sentRequests()).toEqual([]);
  });

  it('sends a visitor who is already signed in to "/"', async () => {
    useSessionStore.getState().signIn(TOKEN);
    const { router } = renderSignIn('/signin?redirect=%2Fprofile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('trang chủ')).toBeInTheDocument();
  });

  it('hydrates its prerendered form for a signed-in visitor without a mismatch, then sends them to "/"', async () => {
    // Inside the shell's layout, as in the app: React forgives extra markup only at the root.
    const page = await hydrateServerMarkup(
      <main>
        <Routes>
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/" element={<p>trang chủ</p>} />
        </Routes>
      </main>,
      { route: '/signin', beforeHydrate: () => useSessionStore.getState().signIn(TOKEN) },
    );
    expect(page.serverHtml).toContain('Tên đăng nhập');
    expect(page.errors).toEqual([]);
    expect(await screen.findByText('trang chủ')).toBeInTheDocument();
    page.unmount();
  });
});
