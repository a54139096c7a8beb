import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { useSessionStore } from '@devhub/shared/session-store';
import { AUTH_API, TEST_ACCOUNT, authApi } from '../../../../../test-support/auth-api-handlers';
import { heldResponse, sentRequests, server } from '../../../../../test-support/msw-server';
import { renderWithProviders } from '../../../../../test-support/render';
import { hydrateServerMarkup } from '../../../../../test-support/hydrate';
import { SignUpPage } from './sign-up-page';

const TOKEN = 'header.payload.signature';
const FORM = { ...TEST_ACCOUNT, confirmPassword: TEST_ACCOUNT.password };
const LABELS = {
  displayName: 'Họ tên',
  username: 'Tên đăng nhập',
  email: 'Email',
  password: 'Mật khẩu',
  confirmPassword: 'Xác nhận mật khẩu',
} as const;
type Field = keyof typeof LABELS;

function renderSignUp(route = '/signup') {
  return renderWithProviders(<SignUpPage />, {
    route,
    path: '/signup',
    routes: [
      { path: '/', element: <p>trang chủ</p> },
      { path: '/signin', element: <p>trang đăng nhập</p> },
      { path: '/repo', element: <p>kho lưu trữ</p> },
    ],
  });
}

const field = (name: Field) => screen.getByLabelText(LABELS[name]);
const submit = () => screen.getByRole('button', { name: /^Đăng ký/ });

async function fill(user: ReturnType<typeof renderSignUp>['user'], values: Partial<typeof FORM> = FORM) {
  for (const [name, value] of Object.entries(values) as Array<[Field, string]>) {
    // Pasted, one input a field: typing a key at a time is "re-validates on change" below, and made
    // most of every other test's time.
    if (value) {
      await user.click(field(name));
      await user.paste(value);
    }
  }
}

function expectEmptyForm() {
  for (const name of Object.keys(LABELS) as Field[]) expect(field(name)).toHaveValue('');
}

function expectFilledForm() {
  for (const name of Object.keys(LABELS) as Field[]) expect(field(name)).toHaveValue(FORM[name]);
}

/** Every later sign-up answers 200 with `body`, whatever the form. */
const registerAnswers = (body: object) => server.use(http.post(AUTH_API.register, () => HttpResponse.json(body)));
const signInAnswers = (reply: () => Response) => server.use(http.post(AUTH_API.login, reply));

/** The requests sent, as [method, path, body]. */
const sentCalls = async () => (await sentRequests()).map(({ method, path, body }) => [method, path, body]);

describe('sign-up page', () => {
  it('posts its form as the server renders it: sent before any script runs, the password stays out of the address', async () => {
    const rendered = await hydrateServerMarkup(
      <Routes>
        <Route path="/signup" element={<SignUpPage />} />
      </Routes>,
      { route: '/signup' },
    );
    const page = document.createElement('div');
    page.innerHTML = rendered.serverHtml;
    rendered.unmount();
    expect(page.querySelectorAll('form')).toHaveLength(1);
    expect(page.querySelector('form')).toHaveAttribute('method', 'post');
    expect(page.querySelector('input[type="password"]')?.closest('form')).toBe(page.querySelector('form'));
  });

  it('shows the spec screen: five fields, social buttons, sign-in link, logo and the side image', () => {
    renderSignUp();
    expect(screen.getByRole('heading', { level: 1, name: 'Đăng ký' })).toBeInTheDocument();
    for (const name of Object.keys(LABELS) as Field[]) expect(field(name)).toBeInTheDocument();
    expect(field('email')).toHaveAttribute('type', 'email');
    expect(field('password')).toHaveAttribute('type', 'password');
    expect(field('confirmPassword')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'DevHub — về trang chủ' })).toHaveAttribute('href', '/');
    const image = document.querySelector('img');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(image).toHaveAttribute('alt', '');
  });

  describe('validation (on submit, then again on every change)', () => {
    it('names every missing field under it on an empty submit, without calling the API', async () => {
      const { user } = renderSignUp();
      await user.click(submit());

      const expected: Record<Field, string> = {
        displayName: 'Chưa nhập tên hiển thị',
        username: 'Chưa nhập tên đăng nhập',
        email: 'Chưa nhập email',
        password: 'Chưa nhập mật khẩu',
        confirmPassword: 'Chưa nhập xác nhận mật khẩu',
      };
      for (const [name, message] of Object.entries(expected) as Array<[Field, string]>) {
        expect(field(name)).toHaveAttribute('aria-invalid', 'true');
        expect(field(name)).toHaveAccessibleDescription(message);
      }
      expect(await sentRequests()).toEqual([]);
    });

    it('treats text fields of spaces only as missing', async () => {
      const { user } = renderSignUp();
      await fill(user, { ...FORM, displayName: '  ', username: ' ', email: '   ' });
      await user.click(submit());
      expect(field('displayName')).toHaveAccessibleDescription('Chưa nhập tên hiển thị');
      expect(field('username')).toHaveAccessibleDescription('Chưa nhập tên đăng nhập');
      expect(field('email')).toHaveAccessibleDescription('Chưa nhập email');
    });

    it('checks the password length, the confirmation and the email shape', async () => {
      const { user } = renderSignUp();
      await fill(user, { ...FORM, email: 'an@example', password: '1234567', confirmPassword: '12345678' });
      await user.click(submit());
      expect(field('password')).toHaveAccessibleDescription('Mật khẩu phải có ít nhất 8 ký tự');
      expect(field('confirmPassword')).toHaveAccessibleDescription('Xác nhận mật khẩu không khớp');
      expect(field('email')).toHaveAccessibleDescription('Email không hợp lệ');
      expect(field('displayName')).toHaveAttribute('aria-invalid', 'false');
      expect(await sentRequests()).toEqual([]);
    });

    it('re-validates on change after a submit, the confirmation included when the password changes', async () => {
      const { user } = renderSignUp();
      await user.click(submit());

      await user.type(field('displayName'), 'An');
      expect(screen.queryByText('Chưa nhập tên hiển thị')).not.toBeInTheDocument();

      await user.type(field('password'), 'abc');
      expect(field('password')).toHaveAccessibleDescription('Mật khẩu phải có ít nhất 8 ký tự');
      await user.type(field('password'), 'defgh');
      expect(screen.queryByText('Mật khẩu phải có ít nhất 8 ký tự')).not.toBeInTheDocument();

      await user.type(field('confirmPassword'), 'abcdefgh');
      expect(field('confirmPassword')).toHaveAttribute('aria-invalid', 'false');
      await user.type(field('password'), 'i');
      expect(field('confirmPassword')).toHaveAccessibleDescription('Xác nhận mật khẩu không khớp');
    });
  });

  describe('spec §4 transitions', () => {
    it("on success says 'Đăng ký thành công', then signs in with the same credentials and goes home", async () => {
      const { user, router } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText('Đăng ký thành công')).toBeInTheDocument();
      expect(await screen.findByText('Đăng nhập thành công')).toBeInTheDocument();
      expect(await sentCalls()).toEqual([
        ['POST', '/api/auth/register', FORM],
        ['POST', '/api/auth/login', { username: FORM.username, password: FORM.password }],
      ]);
      expect(authApi.accounts()).toEqual([TEST_ACCOUNT]);
      const { token } = useSessionStore.getState();
      expect(authApi.accountOf(token)?.username).toBe(FORM.username);
      expect(localStorage.getItem('access_token')).toBe(token);
      expect(router.state.location.pathname).toBe('/');
    });

    it('takes a response without a status for a success too', async () => {
      authApi.addAccount();
      registerAnswers({ data: { message: 'ok' } });
      const { user, router } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText('Đăng ký thành công')).toBeInTheDocument();
      expect(await screen.findByText('Đăng nhập thành công')).toBeInTheDocument();
      expect(authApi.accountOf(useSessionStore.getState().token)?.username).toBe(FORM.username);
      expect(router.state.location.pathname).toBe('/');
    });

    it('goes to a safe redirect after the automatic sign-in, and keeps it on the sign-in link', async () => {
      const { user, router } = renderSignUp('/signup?redirect=%2Frepo');
      expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/signin?redirect=%2Frepo');
      await fill(user);
      await user.click(submit());
      await waitFor(() => expect(router.state.location.pathname).toBe('/repo'));
    });

    it('ends the loading flag after a success', async () => {
      const { user, router } = renderWithProviders(<SignUpPage />, { route: '/signup' });
      await fill(user);
      await user.click(submit());
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await waitFor(() => expect(submit()).toBeEnabled());
      expect(submit()).toHaveAttribute('aria-busy', 'false');
    });

    it('sends the visitor to sign in by hand when the automatic sign-in is refused', async () => {
      signInAnswers(() => HttpResponse.json({ data: {} }));
      const { user, router } = renderSignUp();
      await fill(user);
      await user.click(submit());
      expect(await screen.findByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/signin');
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
    });

    it.each([
      ['400 (whatever its message)', { status: 400, message: 'Email đã bị khóa' }],
      ['400 without a message', { status: 400 }],
      ['409 (whatever its message)', { status: 409, message: 'duplicate' }],
      ['409 without a message', { status: 409 }],
    ])("answers data.status %s with 'Trùng tên đăng nhập hoặc email' and resets the form", async (_case, data) => {
      registerAnswers({ data });
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText('Trùng tên đăng nhập hoặc email')).toBeInTheDocument();
      if ('message' in data) expect(screen.queryByText(data.message)).not.toBeInTheDocument();
      expectEmptyForm();
      expect(await sentCalls()).toEqual([['POST', '/api/auth/register', FORM]]);
      expect(submit()).toBeEnabled();
      expect(screen.queryByText('Chưa nhập tên hiển thị')).not.toBeInTheDocument();
    });

    it('answers any other status with "Đăng ký thất bại" and keeps the form', async () => {
      registerAnswers({ data: { status: 500, message: 'x' } });
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText('Đăng ký thất bại')).toBeInTheDocument();
      expectFilledForm();
      expect(await sentCalls()).toEqual([['POST', '/api/auth/register', FORM]]);
      expect(submit()).toBeEnabled();
    });

    it.each([
      ['with a message', { message: 'Hệ thống đang bảo trì' }, 'Hệ thống đang bảo trì'],
      ['without a message', {}, 'Đăng ký thất bại'],
    ])('answers a response without data (%s) with an error and resets the form', async (_case, body, message) => {
      registerAnswers(body);
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText(message)).toBeInTheDocument();
      expectEmptyForm();
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
    });

    it('shows a spinner and disables the button while signing up and signing in, and only then', async () => {
      const register = heldResponse();
      const login = heldResponse();
      server.use(http.post(AUTH_API.register, register.resolver), http.post(AUTH_API.login, login.resolver));
      const { user } = renderWithProviders(<SignUpPage />, { route: '/signup' });
      await fill(user);
      await user.click(submit());
      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');

      act(() => register.release(HttpResponse.json({ data: { status: 200 } })));
      expect(await screen.findByText('Đăng ký thành công')).toBeInTheDocument();
      expect(submit()).toBeDisabled();

      act(() => login.release(new HttpResponse(null, { status: 500 })));
      await waitFor(() => expect(submit()).toBeEnabled());
    });
  });

  describe('spec §8 error catalogue', () => {
    const json = (status: number, body: object) => () => HttpResponse.json(body, { status });

    it.each<[string, string, 'resets' | 'keeps', () => Response]>([
      ['400 with a message', 'Email không hợp lệ', 'resets', json(400, { message: 'Email không hợp lệ' })],
      ['400 without a message', 'Dữ liệu không hợp lệ', 'resets', json(400, {})],
      ['401', 'Tên đăng nhập hoặc mật khẩu không đúng', 'keeps', json(401, {})],
      ['409', 'Trùng tên đăng nhập hoặc email', 'resets', json(409, { message: 'Trùng' })],
      ['500', 'Lỗi máy chủ, vui lòng thử lại sau', 'keeps', json(500, { message: 'boom' })],
      ['another status with a message', 'Không xử lý được', 'keeps', json(422, { message: 'Không xử lý được' })],
      [
        'another status without a message',
        'Lỗi hệ thống, vui lòng thử lại!',
        'keeps',
        () => new HttpResponse('<html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      ],
      ['no response', 'Lỗi hệ thống, vui lòng thử lại!', 'keeps', () => HttpResponse.error()],
    ])("answers %s with '%s' and %s the form", async (_case, message, form, reply) => {
      server.use(http.post(AUTH_API.register, reply));
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText(message)).toBeInTheDocument();
      if (form === 'resets') expectEmptyForm();
      else expectFilledForm();
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
      expect(submit()).toBeEnabled();
    });

    it.each([
      ['username', { username: 'AN.NGUYEN', email: 'khac@example.vn' }],
      ['email', { username: 'an.khac', email: 'an@example.vn' }],
    ])(
      "refuses an account whose %s is taken with 'Trùng tên đăng nhập hoặc email' and resets the form",
      async (_case, taken) => {
        authApi.addAccount(taken);
        const { user } = renderSignUp();
        await fill(user);
        await user.click(submit());

        expect(await screen.findByText('Trùng tên đăng nhập hoặc email')).toBeInTheDocument();
        expectEmptyForm();
        expect(authApi.accounts()).toHaveLength(1);
        expect(useSessionStore.getState().isAuthenticated).toBe(false);
      },
    );
  });

  it.each(['Google', 'Apple'])("the %s button only says 'tính năng đang phát triển'", async (name) => {
    const { user } = renderSignUp();
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByText('tính năng đang phát triển')).toBeInTheDocument();
    expect(await sentRequests()).toEqual([]);
  });

  it('sends a visitor who is already signed in to "/"', async () => {
    useSessionStore.getState().signIn(TOKEN);
    const { router } = renderSignUp();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
