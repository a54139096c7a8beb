import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test-support/render';
import { remotesStore, setFirstPage } from '../remote-status';
import { RemotesPanel } from './remotes-panel';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: () => undefined }));

const initial = remotesStore.getState();

describe('RemotesPanel', () => {
  afterEach(() => remotesStore.setState(initial, true));

  it('says the first page was hydrated from its prerendered HTML', () => {
    setFirstPage({ route: '/blog', rendering: 'hydrated' });
    renderWithProviders(<RemotesPanel />);
    expect(
      screen.getByText('Trang đầu tiên (/blog): kết xuất sẵn trên máy chủ, trình duyệt gắn tương tác (hydrate)'),
    ).toBeInTheDocument();
  });

  it('says why a prerendered page was rendered in the browser instead', () => {
    setFirstPage({
      route: '/',
      rendering: 'client',
      reason: 'trang kết xuất sẵn không khớp với remotes.json hiện tại',
    });
    renderWithProviders(<RemotesPanel />);
    expect(
      screen.getByText(
        'Trang đầu tiên (/): kết xuất trên trình duyệt — vì trang kết xuất sẵn không khớp với remotes.json hiện tại',
      ),
    ).toBeInTheDocument();
  });
});
