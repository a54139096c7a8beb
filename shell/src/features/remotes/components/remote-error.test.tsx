import { render, screen } from '@testing-library/react';
import { RegistryUnreadableError } from '../remote-errors';
import { RemoteError } from './remote-error';

describe('the error panel of the content area', () => {
  it("blames a remote's server for a remote that failed, with the error under its details", () => {
    render(
      <RemoteError
        what="trang chủ"
        error={new Error('không tải được manifest x (mất kết nối)')}
        onRetry={() => undefined}
      />,
    );
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent('Không tải được trang chủ. Máy chủ của phần này đang không phản hồi hoặc gặp lỗi.');
    expect(screen.getByText('Chi tiết lỗi')).toBeInTheDocument();
  });

  it('says what is wrong with remotes.json itself when the registry is the cause, blaming no server', () => {
    const message = 'Không đọc được danh sách remote (remotes.json): tên remote không hợp lệ: "Forum"';
    render(
      <RemoteError what="nội dung trang này" error={new RegistryUnreadableError(message)} onRetry={() => undefined} />,
    );
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent(message);
    expect(panel).not.toHaveTextContent('Máy chủ của phần này');
    expect(screen.queryByText('Chi tiết lỗi')).toBeNull();
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});
