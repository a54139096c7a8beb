import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test-support/render';
import { SHELL_BUILD } from '../../../test/federation-fixtures';
import { createRemoteHost, type RemoteHost } from '../remote-host';
import { RemoteHostContext } from '../remote-host-context';
import { RemotesPanel } from './remotes-panel';

const mockInstance = jest.fn<unknown, []>(() => ({ version: '2.9.2', shareScopeMap: {} }));
jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: () => mockInstance() }));

describe('RemotesPanel', () => {
  let host: RemoteHost;
  beforeEach(() => {
    host = createRemoteHost(SHELL_BUILD);
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
});
