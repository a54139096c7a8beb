import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GoToTopButton } from './go-to-top-button';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  jest.restoreAllMocks();
});

describe('GoToTopButton', () => {
  it('stays hidden until the scroll exceeds 400px', () => {
    render(<GoToTopButton onTop={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Lên đầu trang' })).not.toBeInTheDocument();
    scrollTo(400);
    expect(screen.queryByRole('button', { name: 'Lên đầu trang' })).not.toBeInTheDocument();
    scrollTo(401);
    expect(screen.getByRole('button', { name: 'Lên đầu trang' })).toBeInTheDocument();
    scrollTo(120);
    expect(screen.queryByRole('button', { name: 'Lên đầu trang' })).not.toBeInTheDocument();
  });

  it('scrolls smoothly to the top and hands focus to the top of the page', async () => {
    const scroll = jest.spyOn(window, 'scrollTo');
    const onTop = jest.fn();
    render(<GoToTopButton onTop={onTop} />);
    scrollTo(900);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lên đầu trang' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(onTop).toHaveBeenCalledTimes(1);
  });

  it('jumps at once when the visitor asks for reduced motion', async () => {
    const scroll = jest.spyOn(window, 'scrollTo');
    jest
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
      );
    render(<GoToTopButton onTop={() => undefined} />);
    scrollTo(900);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lên đầu trang' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
  });
});
