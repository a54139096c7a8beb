import { act, render, screen, within } from '@testing-library/react';
import { announcements } from '../../a11y/announcer';
import { SHELL_BUILD } from '../../../test/federation-fixtures';
import { createRemoteHost, type RemoteHost } from '../remote-host';
import { RemoteHostContext } from '../remote-host-context';
import { OverrideBadge } from './override-badge';

describe('OverrideBadge', () => {
  let host: RemoteHost;
  beforeEach(() => {
    jest.useFakeTimers();
    host = createRemoteHost(SHELL_BUILD);
  });
  afterEach(() => jest.useRealTimers());
  const badge = () =>
    render(
      <RemoteHostContext.Provider value={host}>
        <OverrideBadge />
      </RemoteHostContext.Provider>,
    );

  it('shows nothing while no override is proposed or in force', () => {
    const { container } = badge();
    expect(container).toBeEmptyDOMElement();
  });

  it('says an override was proposed and not applied, links to the panel, and says it in the polite live region', () => {
    badge();
    act(() => host.status.setProposals({ catalog: 'https://cdn.example/mf-manifest.json' }));
    const notice = screen.getByRole('complementary', { name: 'Đề xuất ghi đè remote' });
    expect(notice).toHaveTextContent(
      'Một liên kết đề xuất ghi đè remote catalog. Trang vẫn dùng các bản đã ghim cho đến khi bạn xác nhận.',
    );
    expect(within(notice).getByRole('link', { name: 'Xem và xác nhận trong bảng điều khiển remote' })).toHaveAttribute(
      'href',
      '/__remotes',
    );
    expect(screen.queryByRole('complementary', { name: 'Đang ghi đè remote' })).not.toBeInTheDocument();
    act(() => jest.runOnlyPendingTimers());
    expect(announcements.getState().polite).toBe(
      'Một liên kết đề xuất ghi đè remote catalog. Trang vẫn dùng các bản đã ghim cho đến khi bạn xác nhận. Xem và xác nhận trong bảng điều khiển remote.',
    );
  });

  it('shows the override in force, apart from a proposal', () => {
    badge();
    act(() => host.status.updateStatus('auth', { override: 'https://cdn.example/auth.json' }));
    const inForce = screen.getByRole('complementary', { name: 'Đang ghi đè remote' });
    expect(inForce).toHaveTextContent('auth → https://cdn.example/auth.json');
    expect(within(inForce).getByRole('button', { name: 'Bỏ ghi đè và tải lại' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Đề xuất ghi đè remote' })).not.toBeInTheDocument();
  });
});
