import { screen } from '@testing-library/react';
import type { RemoteModuleId } from '@devhub/shared/remote-contract';
import { renderWithProviders } from '../../../../../test-support/render';
import { RemotePage, type RemoteModuleLoader } from './remote-page';

function Cart() {
  return <p>giỏ hàng đã tải</p>;
}

describe('RemotePage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a same-size skeleton, then the remote page', async () => {
    const load: RemoteModuleLoader = async () => ({ CartPage: Cart });
    renderWithProviders(<RemotePage id="account/CartPage" load={load} />);
    expect(screen.getByRole('status')).toHaveTextContent('Đang tải nội dung…');
    expect(await screen.findByText('giỏ hàng đã tải')).toBeInTheDocument();
  });

  it('explains a failed remote in Vietnamese and really reloads it on retry', async () => {
    let attempts = 0;
    const fresh: boolean[] = [];
    const load: RemoteModuleLoader = async (_id: RemoteModuleId, options) => {
      attempts += 1;
      fresh.push(options.fresh);
      if (attempts === 1) throw new Error('ScriptExternalLoadError: remoteEntry.js');
      return { RepoPage: () => <h1>kho đã tải</h1> };
    };
    const { user } = renderWithProviders(<RemotePage id="account/RepoPage" load={load} />);

    expect(await screen.findByRole('heading', { name: 'Không tải được nội dung' })).toBeInTheDocument();
    expect(screen.getByText(/Không tải được trang kho lưu trữ/)).toBeInTheDocument();
    expect(screen.getByText('ScriptExternalLoadError: remoteEntry.js')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { name: 'kho đã tải' })).toBeInTheDocument();
    expect(fresh).toEqual([false, true]);
  });

  it('catches a remote page that throws while rendering', async () => {
    const load: RemoteModuleLoader = async () => ({
      SettingPage: () => {
        throw new Error('render exploded');
      },
    });
    renderWithProviders(<RemotePage id="account/SettingPage" load={load} />);
    expect(await screen.findByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
    expect(screen.getByText('render exploded')).toBeInTheDocument();
  });

  it('refuses a module that lacks the named export of the contract', async () => {
    const load: RemoteModuleLoader = async () => ({ default: Cart });
    renderWithProviders(<RemotePage id="catalog/HomePage" load={load} />);
    expect(
      await screen.findByText('catalog/HomePage does not export a component named "HomePage"'),
    ).toBeInTheDocument();
  });
});
