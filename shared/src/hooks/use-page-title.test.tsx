import { render } from '@testing-library/react';
import { usePageTitle } from './use-page-title';

function Screen({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  it('shows the product name alone on home', () => {
    render(<Screen />);
    expect(document.title).toBe('DevHub');
  });

  it('prefixes every other screen with the product name', () => {
    const { rerender } = render(<Screen title="Đăng nhập" />);
    expect(document.title).toBe('DevHub - Đăng nhập');
    rerender(<Screen title="Tất cả bài viết" />);
    expect(document.title).toBe('DevHub - Tất cả bài viết');
  });
});
