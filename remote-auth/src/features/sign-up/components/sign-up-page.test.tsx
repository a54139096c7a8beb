import { act, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { useSessionStore } from '@devhub/shared/session-store';
import { renderWithProviders } from '../../../../../test-support/render';
import { fakeHttp, heldReply, restoreHttp, type FakeReply } from '../../../lib/fake-http';
import { SignUpPage } from './sign-up-page';

const TOKEN = 'header.payload.signature';
const FORM = {
  displayName: 'Nguyễn Văn An',
  username: 'an.nguyen',
  email: 'an@example.vn',
  password: 'mat-khau-1',
  confirmPassword: 'mat-khau-1',
};
const LABELS = {
  displayName: 'Họ tên',
  username: 'Tên đăng nhập',
  email: 'Email',
  password: 'Mật khẩu',
  confirmPassword: 'Xác nhận mật khẩu',
} as const;
type Field = keyof typeof LABELS;

afterEach(() => {
  restoreHttp();
  act(() => toast.removeAll());
});

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
    if (value) await user.type(field(name), value);
  }
}

function expectEmptyForm() {
  for (const name of Object.keys(LABELS) as Field[]) expect(field(name)).toHaveValue('');
}

function expectFilledForm() {
  for (const name of Object.keys(LABELS) as Field[]) expect(field(name)).toHaveValue(FORM[name]);
}

const registered = (body: unknown): FakeReply => ({ status: 200, body });
const tokenReply: FakeReply = { status: 200, body: { data: { access_token: TOKEN } } };

describe('sign-up page', () => {
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
      const { requests } = fakeHttp({});
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
      expect(requests).toHaveLength(0);
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
    it.each([
      ['status 200', { data: { status: 200, message: 'Đăng ký thành công' } }],
      ['no status', { data: { message: 'ok' } }],
    ])('on success (%s) says so, then signs in with the same credentials', async (_case, body) => {
      const { requests } = fakeHttp({
        'POST /auth/register': () => registered(body),
        'POST /auth/login': () => tokenReply,
      });
      const { user, router } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText('Đăng ký thành công')).toBeInTheDocument();
      expect(await screen.findByText('Đăng nhập thành công')).toBeInTheDocument();
      expect(requests.map(({ method, url, body: sent }) => [method, url, sent])).toEqual([
        ['POST', '/auth/register', FORM],
        ['POST', '/auth/login', { username: FORM.username, password: FORM.password }],
      ]);
      expect(useSessionStore.getState().token).toBe(TOKEN);
      expect(localStorage.getItem('access_token')).toBe(TOKEN);
      expect(router.state.location.pathname).toBe('/');
    });

    it('goes to a safe redirect after the automatic sign-in, and keeps it on the sign-in link', async () => {
      fakeHttp({
        'POST /auth/register': () => registered({ data: { status: 200 } }),
        'POST /auth/login': () => tokenReply,
      });
      const { user, router } = renderSignUp('/signup?redirect=%2Frepo');
      expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/signin?redirect=%2Frepo');
      await fill(user);
      await user.click(submit());
      await waitFor(() => expect(router.state.location.pathname).toBe('/repo'));
    });

    it('ends the loading flag after a success', async () => {
      fakeHttp({
        'POST /auth/register': () => registered({ data: { status: 200 } }),
        'POST /auth/login': () => tokenReply,
      });
      const { user, router } = renderWithProviders(<SignUpPage />, { route: '/signup' });
      await fill(user);
      await user.click(submit());
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await waitFor(() => expect(submit()).toBeEnabled());
      expect(submit()).toHaveAttribute('aria-busy', 'false');
    });

    it('sends the visitor to sign in by hand when the automatic sign-in is refused', async () => {
      fakeHttp({
        'POST /auth/register': () => registered({ data: { status: 200 } }),
        'POST /auth/login': () => ({ status: 200, body: { data: {} } }),
      });
      const { user, router } = renderSignUp();
      await fill(user);
      await user.click(submit());
      expect(await screen.findByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/signin');
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
    });

    it.each([
      ['400 with a message', { status: 400, message: 'Email đã bị khóa' }],
      ['400 without a message', { status: 400 }],
      ['409 with a message', { status: 409, message: 'duplicate' }],
      ['409 without a message', { status: 409 }],
    ])('answers a body with %s with the duplicate message and resets the form', async (_case, data) => {
      const { requests } = fakeHttp({ 'POST /auth/register': () => registered({ data }) });
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText('Trùng tên đăng nhập hoặc email')).toBeInTheDocument();
      if ('message' in data) expect(screen.queryByText(data.message)).not.toBeInTheDocument();
      expectEmptyForm();
      expect(requests).toHaveLength(1);
      expect(submit()).toBeEnabled();
      expect(screen.queryByText('Chưa nhập tên hiển thị')).not.toBeInTheDocument();
    });

    it('answers any other status with "Đăng ký thất bại" and keeps the form', async () => {
      const { requests } = fakeHttp({
        'POST /auth/register': () => registered({ data: { status: 500, message: 'x' } }),
      });
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText('Đăng ký thất bại')).toBeInTheDocument();
      expectFilledForm();
      expect(requests).toHaveLength(1);
      expect(submit()).toBeEnabled();
    });

    it.each([
      ['with a message', { message: 'Hệ thống đang bảo trì' }, 'Hệ thống đang bảo trì'],
      ['without a message', {}, 'Đăng ký thất bại'],
    ])('answers a response without data (%s) with an error and resets the form', async (_case, body, message) => {
      fakeHttp({ 'POST /auth/register': () => registered(body) });
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText(message)).toBeInTheDocument();
      expectEmptyForm();
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
    });

    it('shows a spinner and disables the button while signing up and signing in, and only then', async () => {
      const register = heldReply();
      const login = heldReply();
      fakeHttp({ 'POST /auth/register': register.route, 'POST /auth/login': login.route });
      const { user } = renderWithProviders(<SignUpPage />, { route: '/signup' });
      await fill(user);
      await user.click(submit());
      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');

      act(() => register.release(registered({ data: { status: 200 } })));
      expect(await screen.findByText('Đăng ký thành công')).toBeInTheDocument();
      expect(submit()).toBeDisabled();

      act(() => login.release({ status: 500 }));
      await waitFor(() => expect(submit()).toBeEnabled());
    });
  });

  describe('spec §8 error catalogue', () => {
    it.each<[string, FakeReply, string, 'reset' | 'kept']>([
      ['400 with a message', { status: 400, body: { message: 'Email không hợp lệ' } }, 'Email không hợp lệ', 'reset'],
      ['400 without a message', { status: 400, body: {} }, 'Dữ liệu không hợp lệ', 'reset'],
      ['401', { status: 401, body: {} }, 'Tên đăng nhập hoặc mật khẩu không đúng', 'kept'],
      ['409', { status: 409, body: { message: 'Trùng' } }, 'Trùng tên đăng nhập hoặc email', 'reset'],
      ['500', { status: 500, body: { message: 'boom' } }, 'Lỗi máy chủ, vui lòng thử lại sau', 'kept'],
      [
        'another status with a message',
        { status: 422, body: { message: 'Không xử lý được' } },
        'Không xử lý được',
        'kept',
      ],
      ['another status without a message', { status: 502, body: '<html>' }, 'Lỗi hệ thống, vui lòng thử lại!', 'kept'],
      ['no response', 'network-error', 'Lỗi hệ thống, vui lòng thử lại!', 'kept'],
    ])('%s', async (_case, reply, message, form) => {
      fakeHttp({ 'POST /auth/register': () => reply });
      const { user } = renderSignUp();
      await fill(user);
      await user.click(submit());

      expect(await screen.findByText(message)).toBeInTheDocument();
      if (form === 'reset') expectEmptyForm();
      else expectFilledForm();
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
      expect(submit()).toBeEnabled();
    });
  });

  it.each(['Google', 'Apple'])('the %s button only says the feature is in development', async (name) => {
    const { requests } = fakeHttp({});
    const { user } = renderSignUp();
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByText('tính năng đang phát triển')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends a visitor who is already signed in to "/"', async () => {
    useSessionStore.getState().signIn(TOKEN);
    const { router } = renderSignUp();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
