import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test-support/render';
import { SearchBox } from './search-box';

describe('header search box', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = (route = '/') =>
    renderWithProviders(<SearchBox />, { route, path: '/*', user: { advanceTimers: jest.advanceTimersByTime } });

  it('shows the spinner 200 ms after typing stops, for 700 ms', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('searchbox'), 'react');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Đang tìm…');

    act(() => jest.advanceTimersByTime(699));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('restarts the wait while the user keeps typing', async () => {
    const { user } = setup();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'a');
    act(() => jest.advanceTimersByTime(150));
    await user.type(box, 'b');
    act(() => jest.advanceTimersByTime(150));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(50));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows the clear button only for non-blank text; clearing empties and refocuses', async () => {
    const { user } = setup();
    const box = screen.getByRole('searchbox');
    await user.type(box, '   ');
    expect(screen.queryByRole('button', { name: 'Xóa nội dung tìm kiếm' })).not.toBeInTheDocument();
    await user.type(box, 'vue');
    await user.click(screen.getByRole('button', { name: 'Xóa nội dung tìm kiếm' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Xóa nội dung tìm kiếm' })).not.toBeInTheDocument();
  });

  it('Enter searches the listing the user is on, else the articles', async () => {
    const onListing = setup('/software');
    await onListing.user.type(screen.getByRole('searchbox'), 'docker{Enter}');
    expect(onListing.router.state.location.pathname).toBe('/software');
    expect(onListing.router.state.location.search).toBe('?q=docker');
    onListing.unmount();

    const elsewhere = setup('/profile');
    await elsewhere.user.type(screen.getByRole('searchbox'), 'lập trình{Enter}');
    expect(elsewhere.router.state.location.pathname).toBe('/blog');
    expect(new URLSearchParams(elsewhere.router.state.location.search).get('q')).toBe('lập trình');
  });

  it('mirrors the listing query from the URL without spinning', () => {
    setup('/docs?q=kubernetes');
    expect(screen.getByRole('searchbox')).toHaveValue('kubernetes');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
