import {
  REMOTE_NAMES,
  ROUTES,
  exposeFileOf,
  exposesOf,
  isRemoteName,
  markContentReady,
  remoteOf,
} from './remote-contract';

describe('the remote page table', () => {
  it('routes the eleven paths of the spec to their layouts, access rules and modules', () => {
    expect(ROUTES.map(({ path, layout, access, module }) => [path, layout, access, module])).toEqual([
      ['/', 'main', 'public', 'catalog/HomePage'],
      ['/blog', 'main', 'public', 'catalog/ListingPage'],
      ['/software', 'main', 'public', 'catalog/ListingPage'],
      ['/docs', 'main', 'public', 'catalog/ListingPage'],
      ['/courses', 'main', 'public', 'catalog/ListingPage'],
      ['/profile', 'account', 'signed-in', 'account/ProfilePage'],
      ['/repo', 'account', 'signed-in', 'account/RepoPage'],
      ['/cart', 'account', 'signed-in', 'account/CartPage'],
      ['/setting', 'account', 'signed-in', 'account/SettingPage'],
      ['/signin', 'standalone', 'public', 'auth/SignInPage'],
      ['/signup', 'standalone', 'public', 'auth/SignUpPage'],
    ]);
  });

  it('gives each listing its own kind and every other page no props', () => {
    expect(ROUTES.map(({ path, props }) => [path, props])).toEqual([
      ['/', {}],
      ['/blog', { kind: 'blog' }],
      ['/software', { kind: 'software' }],
      ['/docs', { kind: 'docs' }],
      ['/courses', { kind: 'course' }],
      ...['/profile', '/repo', '/cart', '/setting', '/signin', '/signup'].map((path) => [path, {}]),
    ]);
  });

  it('titles every screen but home with its spec title', () => {
    expect(ROUTES.map(({ title }) => title)).toEqual([
      undefined,
      'Bài viết',
      'Phần mềm',
      'Tài liệu',
      'Khóa học',
      'Hồ sơ',
      'Kho lưu trữ',
      'Đơn hàng',
      'Cài đặt',
      'Đăng nhập',
      'Đăng ký',
    ]);
  });

  it('derives the remotes and what each exposes, in table order', () => {
    expect(REMOTE_NAMES).toEqual(['catalog', 'account', 'auth']);
    expect(REMOTE_NAMES.map((remote) => [remote, exposesOf(remote)])).toEqual([
      ['catalog', ['./HomePage', './ListingPage']],
      ['account', ['./ProfilePage', './RepoPage', './CartPage', './SettingPage']],
      ['auth', ['./SignInPage', './SignUpPage']],
    ]);
    expect(remoteOf('auth/SignUpPage')).toBe('auth');
    expect(isRemoteName('auth')).toBe(true);
    expect(isRemoteName('billing')).toBe(false);
  });

  it('names expose files in kebab case', () => {
    expect(['HomePage', 'SignInPage', 'ListingPage'].map(exposeFileOf)).toEqual([
      'home-page',
      'sign-in-page',
      'listing-page',
    ]);
  });
});

describe('markContentReady', () => {
  it('marks a page once, however often it is called', () => {
    performance.clearMarks();
    markContentReady('catalog/HomePage');
    markContentReady('catalog/HomePage');
    expect(performance.getEntriesByName('content-ready:catalog/HomePage')).toHaveLength(1);
  });
});
