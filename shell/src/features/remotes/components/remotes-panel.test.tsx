import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FIGURES_PATH } from '@devhub/contracts/telemetry-figures';
import { server } from '../../../../../test-support/msw-server';
import { renderWithProviders } from '../../../../../test-support/render';
import { REGISTRY, SHELL_BUILD, environmentHandlers, manifestUrl } from '../../../test/federation-fixtures';
import { fakeFederation } from '../../../test/fake-federation';
import { readProposals, readStoredOverrides } from '../overrides';
import { createRemoteHost, type RemoteHost } from '../remote-host';
import { RemoteHostContext } from '../remote-host-context';
import { RemotesPanel } from './remotes-panel';

const mockInstance = jest.fn<unknown, []>(() => ({ version: '2.9.2', shareScopeMap: {} }));
// The shared modules the panel lists come from the build's instance; the host's pages load through its own.
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual<object>('@module-federation/enhanced/runtime'),
  getInstance: () => mockInstance(),
}));

describe('RemotesPanel', () => {
  let host: RemoteHost;
  beforeEach(() => {
    host = createRemoteHost(SHELL_BUILD, {}, { federation: fakeFederation() });
    // The live versions' figures (live-versions.test.tsx): none here.
    server.use(http.get(FIGURES_PATH, () => HttpResponse.json({ message: 'not found' }, { status: 404 })));
  });
  const panel = () => (
    <RemoteHostContext.Provider value={host}>
      <RemotesPanel />
    </RemoteHostContext.Provider>
  );

  it('lists the shared modules the runtime registered, with the app that provided each', () => {
    mockInstance.mockReturnValueOnce({
      version: '2.9.2',
      shareScopeMap: { default: { react: { '19.2.0': { from: 'shell', loaded: true } } } },
    });
    renderWithProviders(panel());
    expect(screen.getByRole('row', { name: 'react 19.2.0 shell Có' })).toBeInTheDocument();
  });

  it("says in Vietnamese that the runtime's sharing cannot be read, instead of failing, on a runtime of another shape", () => {
    mockInstance.mockReturnValueOnce({ version: '3.0.0', shareScopeMap: undefined });
    renderWithProviders(panel());
    expect(screen.getByText('Không đọc được thông tin chia sẻ của runtime')).toBeInTheDocument();
    expect(screen.getByText(/shareScopeMap: not an object .* running 3\.0\.0/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bảng điều khiển remote' })).toBeInTheDocument();
  });

  it('says the first page was hydrated from its prerendered HTML', () => {
    host.status.setFirstPage({ route: '/blog', rendering: 'hydrated' });
    renderWithProviders(panel());
    expect(
      screen.getByText('Trang đầu tiên (/blog): kết xuất sẵn trên máy chủ, trình duyệt gắn tương tác (hydrate)'),
    ).toBeInTheDocument();
  });

  it('says why a prerendered page was rendered in the browser instead', () => {
    host.status.setFirstPage({
      route: '/',
      rendering: 'client',
      reason: 'trang kết xuất sẵn không khớp với remotes.json hiện tại',
    });
    renderWithProviders(panel());
    expect(
      screen.getByText(
        'Trang đầu tiên (/): kết xuất trên trình duyệt — vì trang kết xuất sẵn không khớp với remotes.json hiện tại',
      ),
    ).toBeInTheDocument();
  });

  it('has a row for each remote the registry names: one the shell was built without, none for one left out', async () => {
    const { account: _left, ...others } = REGISTRY.remotes;
    server.use(...environmentHandlers({ ...REGISTRY, remotes: { ...others, forum: { entry: manifestUrl('forum') } } }));
    host.startRemotes();
    renderWithProviders(panel());
    const forum = await screen.findByRole('row', { name: /^forum / });
    expect(within(forum).getByText(manifestUrl('forum'))).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^catalog / })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^account / })).toBeNull();
  });

  it("says which remote runs its candidate in this browser, and what a remote's page threw", async () => {
    server.use(...environmentHandlers());
    host.startRemotes();
    await host.registryReady(false);
    host.status.updateStatus('catalog', { version: '1.3.0', role: 'candidate', state: 'loaded', pageError: 'boom' });
    renderWithProviders(panel());
    const catalog = screen.getByRole('row', { name: /^catalog / });
    expect(within(catalog).getByText('bản ứng viên (canary) mà trình duyệt này chạy')).toBeInTheDocument();
    expect(within(catalog).getByText('Trang gặp lỗi khi hiển thị: boom')).toBeInTheDocument();
    const auth = screen.getByRole('row', { name: /^auth / });
    expect(within(auth).queryByText(/ứng viên/)).toBeNull();
  });

  describe('with an override a link proposed', () => {
    const OVERRIDE = 'http://localhost:3101/mf-manifest.json';
    beforeEach(() => {
      server.use(...environmentHandlers());
      window.history.replaceState(null, '', `/__remotes?mf-override=${encodeURIComponent(`catalog@${OVERRIDE}`)}`);
      host.startRemotes();
    });
    afterEach(() => {
      window.history.replaceState(null, '', '/');
      jest.restoreAllMocks();
    });
    const proposal = () => screen.findByRole('region', { name: 'Đề xuất ghi đè đang chờ xác nhận' });

    it("shows the proposed remote and URL, while the registry's pin is the one in use", async () => {
      renderWithProviders(panel());
      const shown = await proposal();
      expect(within(shown).getByText('catalog')).toBeInTheDocument();
      expect(within(shown).getByText(OVERRIDE)).toBeInTheDocument();
      const row = screen.getByRole('row', { name: /^catalog / });
      expect(within(row).getByText(manifestUrl('catalog'))).toBeInTheDocument();
      expect(within(row).getByRole('cell', { name: 'Không' })).toBeInTheDocument();
    });

    it('confirms it: stored to apply from the reload, no longer a proposal', async () => {
      // jsdom does not reload: it says so on the console.
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user } = renderWithProviders(panel());
      await user.click(within(await proposal()).getByRole('button', { name: 'Xác nhận ghi đè catalog' }));
      expect(readStoredOverrides()).toEqual([`catalog@${OVERRIDE}`]);
      expect(readProposals()).toEqual([]);
    });

    it('discards it: forgotten, never applied', async () => {
      const { user } = renderWithProviders(panel());
      await user.click(within(await proposal()).getByRole('button', { name: 'Bỏ đề xuất catalog' }));
      expect(screen.queryByRole('region', { name: 'Đề xuất ghi đè đang chờ xác nhận' })).not.toBeInTheDocument();
      expect(readProposals()).toEqual([]);
      expect(readStoredOverrides()).toEqual([]);
    });
  });
});
