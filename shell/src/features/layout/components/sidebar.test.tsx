import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test-support/render';
import { useSidebarStore } from '../hooks/sidebar-store';
import { Header } from './header';
import { Sidebar } from './sidebar';

function Frame() {
  return (
    <>
      <Header withSidebar />
      <Sidebar />
      <p>nội dung</p>
    </>
  );
}

describe('sidebar', () => {
  beforeEach(() => useSidebarStore.setState({ open: false }));

  it('lists the six entries in order, all absolute', () => {
    renderWithProviders(<Sidebar />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Trang chủ',
      'Bài viết',
      'Phần mềm',
      'Tài liệu',
      'Khóa học',
      'Yêu cầu',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/blog',
      '/software',
      '/docs',
      '/courses',
      '/',
    ]);
  });

  it.each([
    ['/', 'Trang chủ'],
    ['/blog', 'Bài viết'],
    ['/software', 'Phần mềm'],
    ['/docs', 'Tài liệu'],
    ['/courses', 'Khóa học'],
  ])('marks only the exact path %s as current', (route, label) => {
    renderWithProviders(<Sidebar />, { route });
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([label]);
  });

  it('never marks the Requests entry, not even on /courses', () => {
    renderWithProviders(<Sidebar />, { route: '/courses' });
    expect(screen.getByRole('link', { name: 'Yêu cầu' })).not.toHaveAttribute('aria-current');
  });

  it('opens as a modal dialog that holds focus and gives it back to its button', async () => {
    const { user } = renderWithProviders(<Frame />, { path: '/*' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mở menu điều hướng' }));

    const dialog = screen.getByRole('dialog', { name: 'Điều hướng chính' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const links = within(dialog).getAllByRole('link');
    expect(links[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(links.at(-1)).toHaveFocus();
    await user.tab();
    expect(links[0]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mở menu điều hướng' })).toHaveFocus();
  });

  it('marks nothing on a deeper path', () => {
    renderWithProviders(<Sidebar />, { route: '/blog/extra' });
    expect(screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toEqual([]);
  });

  it('opens from the menu button and closes on outside click, Escape, the button and navigation', async () => {
    const { user, router } = renderWithProviders(<Frame />, { path: '/*' });
    const button = screen.getByRole('button', { name: 'Mở menu điều hướng' });
    const nav = screen.getByRole('navigation', { name: 'Điều hướng chính' });
    expect(nav).toHaveAttribute('data-open', 'false');

    await user.click(button);
    expect(nav).toHaveAttribute('data-open', 'true');
    expect(screen.getByRole('button', { name: 'Đóng menu điều hướng' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByText('nội dung'));
    expect(nav).toHaveAttribute('data-open', 'false');

    await user.click(screen.getByRole('button', { name: 'Mở menu điều hướng' }));
    await user.keyboard('{Escape}');
    expect(nav).toHaveAttribute('data-open', 'false');

    await user.click(screen.getByRole('button', { name: 'Mở menu điều hướng' }));
    await user.click(screen.getByRole('button', { name: 'Đóng menu điều hướng' }));
    expect(nav).toHaveAttribute('data-open', 'false');

    await user.click(screen.getByRole('button', { name: 'Mở menu điều hướng' }));
    await act(() => router.navigate('/docs'));
    expect(nav).toHaveAttribute('data-open', 'false');
  });
});
