import { useState, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PAGE_NAMES } from '@devhub/shared/strings';
import { useContentReady } from '@devhub/shared/use-content-ready';
import { renderWithProviders } from '../../../../../test-support/render';
import { server } from '../../../../../test-support/msw-server';
import {
  REGISTRY,
  SHELL_BUILD,
  environmentHandlers,
  manifestUrl,
  remoteManifest,
} from '../../../test/federation-fixtures';
import { fakeFederation, type FakePages } from '../../../test/fake-federation';
import { createRemoteHost, type RemoteHost } from '../remote-host';
import { RemoteHostContext } from '../remote-host-context';
import { RemotePage } from './remote-page';

/** What the remotes serve in the current test, through the real federation runtime (fake-federation.ts). */
let pages: FakePages = {};
let runtime: { loadRemote: jest.SpyInstance; registered: () => string[] };

/** A remote host on a runtime of its own, whose remotes serve `pages`. */
function hostOn(root?: HTMLElement): RemoteHost {
  pages = {};
  const federation = fakeFederation(pages);
  const registerRemotes = jest.spyOn(federation(), 'registerRemotes');
  runtime = {
    loadRemote: jest.spyOn(federation(), 'loadRemote'),
    registered: () => registerRemotes.mock.calls.flatMap(([remotes]) => remotes.map(({ name }) => name)),
  };
  return createRemoteHost(SHELL_BUILD, {}, { federation, ...(root ? { root } : {}) });
}

describe('RemotePage', () => {
  let host: RemoteHost;
  /** In the host of this test: no page loaded by another test is cached in it. */
  const inHost = (ui: ReactElement) => <RemoteHostContext.Provider value={host}>{ui}</RemoteHostContext.Provider>;
  beforeEach(() => {
    server.use(...environmentHandlers());
    host = hostOn();
    host.startRemotes();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('holds the page area with a skeleton while the page loads, then shows the page', async () => {
    pages['account/CartPage'] = { CartPage: () => <p>giỏ hàng đã tải</p> };
    renderWithProviders(inHost(<RemotePage module="account/CartPage" props={{}} what={PAGE_NAMES.cart} />));
    expect(screen.getByRole('status')).toHaveTextContent('Đang tải nội dung…');
    expect(await screen.findByText('giỏ hàng đã tải')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the page in the same turn its module arrives, with no Suspense reveal timer to wait for', async () => {
    let arrive!: (module: object) => void;
    const arriving = new Promise((resolve) => (arrive = resolve));
    pages['account/ProfilePage'] = () => arriving;
    renderWithProviders(inHost(<RemotePage module="account/ProfilePage" props={{}} what={PAGE_NAMES.profile} />));
    await screen.findByRole('status');
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('account/ProfilePage'));

    // act flushes promises and React's work, but runs no timer: a page behind a shown Suspense
    // fallback would still wait for React's reveal timer here.
    await act(async () => arrive({ ProfilePage: () => <h1>hồ sơ đã tải</h1> }));
    expect(screen.getByRole('heading', { name: 'hồ sơ đã tải' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    [
      'lacks the expose its table names',
      'MissingPage',
      () => Promise.reject(new Error('Cannot find module ./MissingPage')),
    ],
    [
      'throws while it renders',
      'BrokenPage',
      () =>
        Promise.resolve({
          BrokenPage: () => {
            throw new Error('page broke');
          },
        }),
    ],
  ])("fails only its own route's slot when the page %s: the remote's other pages still show", async (_, name, page) => {
    const sibling = `account/Other${name}` as const;
    pages[`account/${name}`] = page;
    pages[sibling] = { [`Other${name}`]: () => <h1>trang khác đã tải</h1> };
    renderWithProviders(
      inHost(
        <>
          <RemotePage module={`account/${name}`} props={{}} what="trang lịch sử đơn hàng" />
          <RemotePage module={sibling} props={{}} what={PAGE_NAMES.cart} />
        </>,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'trang khác đã tải' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Không tải được trang lịch sử đơn hàng.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it('passes the props of its route to the page', async () => {
    pages['catalog/ListingPage'] = { ListingPage: ({ kind }: { kind: string }) => <h1>danh sách {kind}</h1> };
    renderWithProviders(
      inHost(<RemotePage module="catalog/ListingPage" props={{ kind: 'docs' }} what={PAGE_NAMES.listing} />),
    );
    expect(await screen.findByRole('heading', { name: 'danh sách docs' })).toBeInTheDocument();
  });

  it('tells its host when the page is mounted and when the page reports its content on screen', async () => {
    let showContent!: () => void;
    function CartPage() {
      const [loaded, setLoaded] = useState(false);
      showContent = () => setLoaded(true);
      return loaded ? <Content /> : <p>đang lấy giỏ hàng</p>;
    }
    function Content() {
      useContentReady('account/CartPage');
      return <p>giỏ hàng đã tải</p>;
    }
    const root = document.createElement('html');
    host = hostOn(root);
    host.startRemotes();
    pages['account/CartPage'] = { CartPage };
    renderWithProviders(inHost(<RemotePage module="account/CartPage" props={{}} what={PAGE_NAMES.cart} />));

    await screen.findByText('đang lấy giỏ hàng');
    await waitFor(() => expect(root.getAttribute('data-ready')).toBe('mounted'));
    act(() => showContent());
    expect(root.getAttribute('data-ready')).toBe('mounted content');
  });

  it('explains a remote that failed to load, and loads it again on "Thử lại"', async () => {
    let attempts = 0;
    pages['account/RepoPage'] = () => {
      attempts += 1;
      if (attempts === 1) throw new Error('ScriptExternalLoadError: remoteEntry.js');
      return { RepoPage: () => <h1>kho đã tải</h1> };
    };
    const { user } = renderWithProviders(
      inHost(<RemotePage module="account/RepoPage" props={{}} what={PAGE_NAMES.repo} />),
    );

    expect(await screen.findByRole('heading', { name: 'Không tải được nội dung' })).toBeInTheDocument();
    expect(screen.getByText(/Không tải được trang kho lưu trữ/)).toBeInTheDocument();
    expect(screen.getByText('ScriptExternalLoadError: remoteEntry.js')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { name: 'kho đã tải' })).toBeInTheDocument();
  });

  it('catches a remote page that throws while rendering', async () => {
    pages['account/SettingPage'] = {
      SettingPage: () => {
        throw new Error('render exploded');
      },
    };
    renderWithProviders(inHost(<RemotePage module="account/SettingPage" props={{}} what={PAGE_NAMES.setting} />));
    expect(await screen.findByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
    expect(screen.getByText('render exploded')).toBeInTheDocument();
    // Its code had loaded: what it threw is the page's, not a failed load.
    expect(host.status.statusOf('account')).toMatchObject({ state: 'loaded', pageError: 'render exploded' });
  });

  it("forgets what a remote's page threw once a page of that remote renders", async () => {
    host.status.updateStatus('account', { state: 'loaded', pageError: 'render exploded' });
    pages['account/CartPage'] = { CartPage: () => <p>giỏ hàng đã tải</p> };
    renderWithProviders(inHost(<RemotePage module="account/CartPage" props={{}} what={PAGE_NAMES.cart} />));
    expect(await screen.findByText('giỏ hàng đã tải')).toBeInTheDocument();
    await waitFor(() => expect(host.status.statusOf('account').pageError).toBeUndefined());
  });

  it('shows why a remote build does not fit the shell, without running it', async () => {
    server.use(
      http.get(manifestUrl('auth'), () =>
        HttpResponse.json(remoteManifest('auth', { exports: { '@devhub/shared/strings': ['AUTH_BANNER'] } })),
      ),
    );
    renderWithProviders(inHost(<RemotePage module="auth/SignUpPage" props={{}} what={PAGE_NAMES.signUp} />));

    expect(await screen.findByRole('heading', { name: 'Không tải được nội dung' })).toBeInTheDocument();
    expect(
      screen.getByText(/Không tải được trang đăng ký: bản build của phần này không tương thích với shell đang chạy/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'auth cần export "AUTH_BANNER" của @devhub/shared/strings, bản @devhub/shared/strings 0.1.0 của shell không có',
      ),
    ).toBeInTheDocument();
    // The runtime never learned of the remote: nothing of it was fetched.
    expect(runtime.registered()).not.toContain('auth');
  });
});

describe('RemotePage outside the local environment', () => {
  afterEach(() => jest.restoreAllMocks());

  it('does not run a pin without a digest: its slot says so in Vietnamese, the chrome around it keeps working', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...environmentHandlers({ ...REGISTRY, environment: 'preview', allowedOverrideOrigins: [] }));
    const host = hostOn();
    host.startRemotes();
    function Chrome() {
      const [dark, setDark] = useState(false);
      return (
        <button type="button" onClick={() => setDark((value) => !value)}>
          {dark ? 'Giao diện: tối' : 'Giao diện: sáng'}
        </button>
      );
    }
    const { user } = renderWithProviders(
      <RemoteHostContext.Provider value={host}>
        <header>
          <Chrome />
        </header>
        <main>
          <RemotePage module="catalog/HomePage" props={{}} what={PAGE_NAMES.home} />
        </main>
      </RemoteHostContext.Provider>,
    );

    expect(await screen.findByRole('heading', { name: 'Không tải được nội dung' })).toBeInTheDocument();
    // The cause is the registry's, named in the slot (no remote's server is blamed).
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Không tải được nội dungremotes\.json ghim remote "catalog" không hợp lệ: thiếu "remotes\.catalog\.integrity"/,
    );
    expect(runtime.registered()).not.toContain('catalog');
    await user.click(screen.getByRole('button', { name: 'Giao diện: sáng' }));
    expect(screen.getByRole('button', { name: 'Giao diện: tối' })).toBeInTheDocument();
  });
});

describe('RemotePage hydrating a prerendered page', () => {
  const NO_PROPS = {};
  function Cart() {
    const [items, setItems] = useState(0);
    return (
      <button type="button" onClick={() => setItems((count) => count + 1)}>
        Giỏ hàng: {items}
      </button>
    );
  }
  /** A chrome of its own state around the page, as the shell's header is. */
  function Frame({ host }: { host: RemoteHost }) {
    const [dark, setDark] = useState(false);
    return (
      <RemoteHostContext.Provider value={host}>
        <header>
          <button type="button" onClick={() => setDark((value) => !value)}>
            {dark ? 'Giao diện: tối' : 'Giao diện: sáng'}
          </button>
        </header>
        <main>
          <RemotePage module="account/CartPage" props={NO_PROPS} what={PAGE_NAMES.cart} />
        </main>
      </RemoteHostContext.Provider>
    );
  }

  // The other tests mounted pages too: their marks are in the same timeline.
  beforeEach(() => performance.clearMarks());
  afterEach(() => jest.restoreAllMocks());

  it("keeps the page's markup while its module is on its way, the chrome working meanwhile, then hydrates it without a mismatch", async () => {
    server.use(...environmentHandlers());
    const serverHost = createRemoteHost(SHELL_BUILD);
    serverHost.adoptPage('account/CartPage', Cart);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Frame host={serverHost} />);
    document.body.append(container);

    const host = hostOn();
    host.startRemotes();
    let arrive!: (module: object) => void;
    const arriving = new Promise((resolve) => (arrive = resolve));
    pages['account/CartPage'] = () => arriving;
    const errors: unknown[] = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Frame host={host} />, { onRecoverableError: (error) => errors.push(error) });
    });
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('account/CartPage'));

    // The chrome re-renders around the page, which keeps its server markup: no skeleton in its place.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Giao diện: sáng' })));
    expect(screen.getByRole('button', { name: 'Giao diện: tối' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Giỏ hàng: 0' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(performance.getEntriesByName('remote-mounted:account/CartPage')).toHaveLength(0);

    await act(async () => arrive({ CartPage: Cart }));
    expect(performance.getEntriesByName('remote-mounted:account/CartPage')).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Giỏ hàng: 0' })));
    expect(screen.getByRole('button', { name: 'Giỏ hàng: 1' })).toBeInTheDocument();
    expect(errors).toEqual([]);
    act(() => root?.unmount());
    container.remove();
  });
});
