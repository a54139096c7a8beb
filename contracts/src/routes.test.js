import {
  isRoutePath,
  pathConflicts,
  pathConflictsOf,
  pathsOf,
  routeTableFaults,
  routeTableProblems,
  unknownRules,
} from './routes.js';

/** @param {string} expose @param {string[]} paths @param {Record<string, unknown>} [extra] */
const page = (expose, paths, extra = {}) => ({
  expose,
  what: 'trang',
  layout: 'account',
  access: 'signed-in',
  routes: paths.map((path) => ({ path })),
  ...extra,
});

describe('routeTableProblems', () => {
  it('accepts a table of pages with paths, titles and props', () => {
    const table = [
      page('ListingPage', ['/blog'], { routes: [{ path: '/blog', title: 'Blog', props: { kind: 'blog' } }] }),
    ];
    expect(routeTableProblems(table)).toEqual([]);
    expect(routeTableProblems([page('HomePage', ['/'])])).toEqual([]);
  });

  it('names what is malformed', () => {
    expect(routeTableProblems({})).toEqual(['the route table must be a list of pages']);
    expect(routeTableProblems([page('cart-page', ['/cart'])])).toEqual([
      'page 1: "expose" must be a component name such as "HomePage"',
    ]);
    expect(routeTableProblems([page('CartPage', ['cart'])])).toEqual([
      'page 1: path "cart" is not a route path: "/" then segments of letters, digits, ".", "_", "~" and "-", none of them "." or ".."',
    ]);
    expect(routeTableProblems([{ ...page('CartPage', ['/cart']), routes: [{ title: 'x' }] }])).toEqual([
      'page 1: every route needs a "path" such as "/orders/history"',
    ]);
    expect(routeTableProblems([page('CartPage', ['/cart', '/cart'])])).toEqual(['page 1: path /cart is listed twice']);
    expect(routeTableProblems([page('CartPage', [])])).toEqual(['page 1: "routes" must list at least one path']);
    expect(
      routeTableProblems([{ ...page('CartPage', ['/cart']), routes: [{ path: '/cart', props: { x: {} } }] }]),
    ).toEqual(['page 1: the props of /cart must be an object of strings, numbers and booleans']);
    expect(routeTableProblems([{ ...page('CartPage', ['/cart']), layout: 3 }])).toEqual([
      'page 1: "layout" must be a non-empty string',
    ]);
  });

  it.each([
    '/..',
    '/.',
    '/../../../../tmp/x',
    '/blog/../../etc',
    '/blog/./x',
    '/blog/..',
    '/...',
    '/%2e%2e/x',
    '/%2E%2E',
    '/blog%2f..%2fx',
    '/a\\..\\..\\x',
    '\\..\\x',
    '/a//b',
  ])('refuses %j, which leads out of its place or reads as another path once decoded', (path) => {
    expect(isRoutePath(path)).toBe(false);
    expect(routeTableFaults([page('CartPage', [path])])).toEqual([{ code: 'path', page: 1, detail: path }]);
  });

  it('accepts dots inside a segment', () => {
    for (const path of ['/.well-known', '/v1.2/notes', '/a..b', '/~team']) expect(isRoutePath(path)).toBe(true);
  });

  it('words each fault the shell checks without wording', () => {
    const table = [3, { ...page('CartPage', ['/cart']), routes: [{ path: '/cart', title: 1 }] }];
    expect(routeTableFaults(table)).toEqual([
      { code: 'object', page: 1, detail: undefined },
      { code: 'title', page: 2, detail: '/cart' },
    ]);
    expect(routeTableProblems(table)).toEqual([
      'page 1 must be an object',
      'page 2: the title of /cart must be a string',
    ]);
    expect(routeTableFaults([page('HomePage', ['/'])])).toEqual([]);
  });
});

describe('unknownRules', () => {
  it('names a layout or an access rule the shell does not know', () => {
    const table = [page('CartPage', ['/cart'], { layout: 'wide', access: 'admin' })];
    expect(unknownRules(table, { layouts: ['main'], access: ['public'] })).toEqual([
      'CartPage: layout "wide" is unknown to this shell (it knows main)',
      'CartPage: access "admin" is unknown to this shell (it knows public)',
    ]);
    expect(unknownRules([page('CartPage', ['/cart'])], {})).toEqual([]);
  });
});

describe('pathConflicts', () => {
  it("names a path another remote serves, with both remotes, and the shell's own paths", () => {
    const table = [page('HistoryPage', ['/orders/history', '/blog', '/__remotes'])];
    expect(pathConflicts('account', table, { catalog: [page('ListingPage', ['/blog'])], account: table })).toEqual([
      'path /blog is served by both catalog and account',
      'path /__remotes of account is kept by the shell',
    ]);
  });

  it('gives the same conflicts unworded, for the shell', () => {
    const table = [page('HistoryPage', ['/blog', '/__remotes'])];
    expect(pathConflictsOf('account', table, { catalog: [page('ListingPage', ['/blog'])] })).toEqual([
      { path: '/blog', remote: 'account', other: 'catalog' },
      { path: '/__remotes', remote: 'account' },
    ]);
  });

  it('lets a remote replace its own paths', () => {
    const table = [page('CartPage', ['/cart'])];
    expect(pathConflicts('account', table, { account: table, auth: undefined })).toEqual([]);
  });
});

it('pathsOf lists one row per path with its page', () => {
  const table = [page('A', ['/a', '/b'])];
  expect(pathsOf(table).map((row) => [row.path, row.page.expose])).toEqual([
    ['/a', 'A'],
    ['/b', 'A'],
  ]);
});
