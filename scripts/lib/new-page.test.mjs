import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { newPage } from './new-page.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

/** Every file under `dir`, relative to it. */
function filesOf(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('new-page', () => {
  let root;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'new-page-'));
    for (const remote of ['remote-account', 'remote-catalog']) {
      cpSync(join(WORKSPACE_ROOT, remote, 'src'), join(root, remote, 'src'), { recursive: true });
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("scaffolds the component, its test, its expose file and its route entry, in the remote's folder only", () => {
    const before = filesOf(root);
    const { component, files } = newPage({
      root,
      remote: 'account',
      path: '/orders/history',
      title: 'Lịch sử đơn hàng',
      layout: 'account',
      access: 'signed-in',
    });
    expect(component).toBe('OrdersHistoryPage');
    expect(files).toEqual([
      'remote-account/src/features/orders-history/components/orders-history-page.tsx',
      'remote-account/src/features/orders-history/components/orders-history-page.test.tsx',
      'remote-account/src/app/exposes/orders-history-page.tsx',
      'remote-account/src/app/routes.ts',
    ]);
    expect(filesOf(root)).toEqual([...before, ...files.slice(0, 3)].sort());
    const page = readFileSync(join(root, files[0]), 'utf8');
    expect(page).toContain("<h1 tabIndex={-1}>{'Lịch sử đơn hàng'}</h1>");
    expect(page).toContain("useContentReady('account/OrdersHistoryPage')");
    expect(readFileSync(join(root, files[2]), 'utf8')).toBe(
      "export { OrdersHistoryPage } from '../../features/orders-history/components/orders-history-page';\n",
    );
    const table = readFileSync(join(root, files[3]), 'utf8');
    expect(table).toContain(`  {
    expose: 'OrdersHistoryPage',
    file: './src/app/exposes/orders-history-page.tsx',
    what: 'trang lịch sử đơn hàng',
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/orders/history', title: 'Lịch sử đơn hàng' }],
  },
];`);
  });

  it("defaults the layout and access rule to those of the remote's pages", () => {
    newPage({ root, remote: 'catalog', path: '/news', title: 'Tin tức' });
    const table = readFileSync(join(root, 'remote-catalog/src/app/routes.ts'), 'utf8');
    expect(table).toMatch(/expose: 'NewsPage',[\s\S]*layout: 'main',\s*access: 'public',/);
  });

  it.each([
    [
      { remote: 'billing', path: '/x', title: 'X' },
      'unknown remote "billing": remote-billing/src/app/routes.ts does not exist',
    ],
    [{ remote: 'account', path: 'orders', title: 'X' }, '"orders" is not a page path'],
    [{ remote: 'account', path: '/cart', title: 'X' }, 'remote-account already serves /cart'],
    [{ remote: 'account', path: '/__remotes', title: 'X' }, 'is not a page path'],
    [{ remote: 'account', path: '/x' }, 'the page needs a title'],
    [
      { remote: 'account', path: '/x', title: 'X', layout: 'wide' },
      'unknown layout "wide" (known: main, account, standalone)',
    ],
    [
      { remote: 'account', path: '/x', title: 'X', access: 'admin' },
      'unknown access rule "admin" (known: public, signed-in)',
    ],
  ])('refuses %j in one line, writing nothing', (options, message) => {
    const before = filesOf(root);
    const table = readFileSync(join(root, 'remote-account/src/app/routes.ts'), 'utf8');
    expect(() => newPage({ root, ...options })).toThrow(message);
    expect(filesOf(root)).toEqual(before);
    expect(readFileSync(join(root, 'remote-account/src/app/routes.ts'), 'utf8')).toBe(table);
  });

  it('creates the folders it needs: a remote with no page exposed yet', () => {
    rmSync(join(root, 'remote-account/src/app/exposes'), { recursive: true });
    const { files } = newPage({ root, remote: 'account', path: '/orders', title: 'Đơn hàng' });
    expect(readFileSync(join(root, files[2]), 'utf8')).toContain('export { OrdersPage }');
  });

  it('adds the first page of an empty table, as new-remote writes it, on lines of its own', () => {
    const table = join(root, 'remote-forum/src/app/routes.ts');
    mkdirSync(dirname(table), { recursive: true });
    const head = "import type { RemoteRouteTable } from '@devhub/shared/remote-contract';\n\n";
    writeFileSync(table, `${head}export const ROUTES: RemoteRouteTable = [];\n`);
    newPage({ root, remote: 'forum', path: '/forum', title: 'Diễn đàn' });
    expect(readFileSync(table, 'utf8')).toBe(`${head}export const ROUTES: RemoteRouteTable = [
  {
    expose: 'ForumPage',
    file: './src/app/exposes/forum-page.tsx',
    what: 'trang diễn đàn',
    layout: 'main',
    access: 'public',
    routes: [{ path: '/forum', title: 'Diễn đàn' }],
  },
];
`);
  });

  it('writes nothing when one of its files cannot be written, so that a second run after the fix succeeds', () => {
    const exposes = join(root, 'remote-account/src/app/exposes');
    rmSync(exposes, { recursive: true });
    // A file where the expose folder must go: the third of its four writes fails.
    writeFileSync(exposes, '');
    const before = filesOf(root);
    const table = readFileSync(join(root, 'remote-account/src/app/routes.ts'), 'utf8');
    const options = { root, remote: 'account', path: '/orders', title: 'Đơn hàng' };

    expect(() => newPage(options)).toThrow(/^nothing was written: /);
    expect(filesOf(root)).toEqual(before);
    expect(readdirSync(join(root, 'remote-account/src/features'))).not.toContain('orders');
    expect(readFileSync(join(root, 'remote-account/src/app/routes.ts'), 'utf8')).toBe(table);

    rmSync(exposes);
    expect(newPage(options).component).toBe('OrdersPage');
  });
});
