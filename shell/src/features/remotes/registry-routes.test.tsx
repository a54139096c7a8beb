import { http, HttpResponse } from 'msw';
import { RegistryUnreadableError } from './remote-errors';
import { createRemoteHost } from './remote-host';
import { server } from '../../../../test-support/msw-server';
import { REGISTRY, SHELL_BUILD, environmentHandlers, remoteManifest } from '../../test/federation-fixtures';

const history = {
  expose: 'HistoryPage',
  what: 'lịch sử đơn hàng',
  layout: 'account',
  access: 'signed-in',
  routes: [{ path: '/orders/history', title: 'Lịch sử đơn hàng' }],
};
const home = { expose: 'HomePage', what: 'trang chủ', layout: 'main', access: 'public', routes: [{ path: '/' }] };

/** A host of its own (its registry, its routes) for one test. */
function fresh() {
  const host = createRemoteHost(SHELL_BUILD);
  return { routes: host.routes, loader: host };
}

/** Counts the manifests fetched. */
function countManifests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/mf-manifest.json')) seen.push(request.url);
  });
  return seen;
}

describe("the shell's routes", () => {
  afterEach(() => server.events.removeAllListeners());

  it('are the routes each pin of the registry lists, read with no other request', async () => {
    const registry = {
      ...REGISTRY,
      remotes: {
        catalog: { ...REGISTRY.remotes.catalog, routes: [home] },
        auth: { ...REGISTRY.remotes.auth, routes: [] },
        account: { ...REGISTRY.remotes.account, routes: [history] },
      },
    };
    server.use(...environmentHandlers(registry));
    const manifests = countManifests();
    const { routes, loader } = fresh();
    loader.startRemotes();
    const loaded = await routes.loadRoutes();
    expect(loaded.map((route) => [route.path, route.module, route.layout, route.access, route.title])).toEqual([
      ['/', 'catalog/HomePage', 'main', 'public', undefined],
      ['/orders/history', 'account/HistoryPage', 'account', 'signed-in', 'Lịch sử đơn hàng'],
    ]);
    expect(manifests).toEqual([]);
  });

  it("of a dev server's pin, which lists none, come from its manifest", async () => {
    server.use(
      // Before the environment's own manifests: the first handler that matches answers.
      http.get('http://localhost/account/mf-manifest.json', () =>
        HttpResponse.json({ ...remoteManifest('account'), routes: [history] }),
      ),
      ...environmentHandlers(),
    );
    const { routes, loader } = fresh();
    loader.startRemotes();
    expect((await routes.loadRoutes()).map((route) => route.path)).toEqual(['/orders/history']);
  });

  it("of a pin the registry refuses stay, and say why there; the other remotes' pages load", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const forum = { ...home, expose: 'ForumPage', what: 'diễn đàn', routes: [{ path: '/forum' }] };
    const registry = {
      ...REGISTRY,
      remotes: {
        catalog: { ...REGISTRY.remotes.catalog, routes: [home] },
        forum: { entry: 'javascript:alert(1)', routes: [forum] },
      },
    };
    server.use(...environmentHandlers(registry));
    const { routes, loader } = fresh();
    loader.startRemotes();
    expect((await routes.loadRoutes()).map((route) => route.module)).toEqual(['catalog/HomePage', 'forum/ForumPage']);
    const refusal = loader.loadPage('forum/ForumPage');
    await expect(refusal).rejects.toBeInstanceOf(RegistryUnreadableError);
    await expect(refusal).rejects.toThrow(
      'remotes.json ghim remote "forum" không hợp lệ: "remotes.forum.entry" phải là URL của mf-manifest.json',
    );
    await loader.inspectRemote('catalog');
    expect(loader.status.statusOf('catalog')).toMatchObject({ version: '1.2.0', problems: [] });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"remotes.forum.entry"'));
    error.mockRestore();
  });
});
