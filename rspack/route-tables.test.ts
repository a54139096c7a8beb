import { routeTableProblems } from '@devhub/contracts/routes';
import type { RemoteRouteTable } from '@devhub/shared/remote-contract';
import { ROUTES as ACCOUNT } from '../remote-account/src/app/routes.ts';
import { ROUTES as AUTH } from '../remote-auth/src/app/routes.ts';
import { ROUTES as CATALOG } from '../remote-catalog/src/app/routes.ts';

const TABLES: Record<string, RemoteRouteTable> = { catalog: CATALOG, account: ACCOUNT, auth: AUTH };
const routes = Object.entries(TABLES).flatMap(([remote, table]) =>
  table.flatMap(({ expose, layout, access, routes: paths }) =>
    paths.map(({ path, title, props }) => ({ path, layout, access, module: `${remote}/${expose}`, title, props })),
  ),
);

describe("the remotes' route tables", () => {
  it('are route tables as the build publishes them', () => {
    for (const table of Object.values(TABLES)) {
      expect(routeTableProblems(table.map(({ file: _file, ...page }) => page))).toEqual([]);
    }
  });

  it('serve the eleven paths of the spec with their layouts, access rules and modules', () => {
    expect(routes.map(({ path, layout, access, module }) => [path, layout, access, module])).toEqual([
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

  it('give each listing its own kind and title every screen but home with its spec title', () => {
    expect(routes.map(({ path, props }) => [path, props ?? {}])).toEqual([
      ['/', {}],
      ['/blog', { kind: 'blog' }],
      ['/software', { kind: 'software' }],
      ['/docs', { kind: 'docs' }],
      ['/courses', { kind: 'course' }],
      ...['/profile', '/repo', '/cart', '/setting', '/signin', '/signup'].map((path) => [path, {}]),
    ]);
    expect(routes.map(({ title }) => title)).toEqual([
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
});
