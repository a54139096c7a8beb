import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager } from './pager';

function renderPager(page: number, pageCount = 5) {
  const onChange = jest.fn();
  const view = render(<Pager page={page} pageCount={pageCount} onChange={onChange} />);
  const input = screen.getByRole('textbox', { name: 'Nhập số trang' });
  return { onChange, input, user: userEvent.setup(), rerender: view.rerender };
}

describe('Pager', () => {
  it("labels its controls 'Trang trước', 'Nhập số trang' and 'Trang sau'", () => {
    renderPager(2);
    expect(screen.getByRole('navigation', { name: 'Phân trang' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Trang sau' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Nhập số trang' })).toHaveValue('2');
  });

  it('disables previous on page 1 and next on the last page', () => {
    const { rerender } = renderPager(1);
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Trang sau' })).toBeEnabled();
    rerender(<Pager page={5} pageCount={5} onChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Trang sau' })).toBeDisabled();
  });

  it('disables both with a single page', () => {
    renderPager(1, 1);
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Trang sau' })).toBeDisabled();
  });

  it('steps one page back and forward', async () => {
    const { onChange, user } = renderPager(3);
    await user.click(screen.getByRole('button', { name: 'Trang trước' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('accepts digits only', async () => {
    const { input, user } = renderPager(2);
    await user.clear(input);
    await user.type(input, 'a1-b.2 x');
    expect(input).toHaveValue('12');
  });

  it('goes to the typed page on Enter', async () => {
    const { input, onChange, user } = renderPager(2);
    await user.clear(input);
    await user.type(input, '4{Enter}');
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('resets an empty input to the current page on Enter, without changing page', async () => {
    const { input, onChange, user } = renderPager(2);
    await user.clear(input);
    await user.type(input, '{Enter}');
    expect(input).toHaveValue('2');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('resets an input of letters (kept empty) to the current page on Enter', async () => {
    const { input, onChange, user } = renderPager(3);
    await user.clear(input);
    await user.type(input, 'abc{Enter}');
    expect(input).toHaveValue('3');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clamps a number above the last page to the last page', async () => {
    const { input, onChange, user } = renderPager(2);
    await user.clear(input);
    await user.type(input, '99{Enter}');
    expect(input).toHaveValue('5');
    expect(onChange).toHaveBeenCalledWith(5);
  });

  it('turns a number below 1 into 1', async () => {
    const { input, onChange, user } = renderPager(3);
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(input).toHaveValue('1');
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('does not change page when the result is the current page', async () => {
    const { input, onChange, user } = renderPager(5);
    await user.clear(input);
    await user.type(input, '7{Enter}');
    expect(input).toHaveValue('5');
    await user.clear(input);
    await user.type(input, '05{Enter}');
    expect(input).toHaveValue('5');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reverts to the current page on blur', async () => {
    const { input, onChange, user } = renderPager(2);
    await user.clear(input);
    await user.type(input, '4');
    await user.tab();
    expect(input).toHaveValue('2');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a new current page when it changes', () => {
    const { input, rerender } = renderPager(2);
    rerender(<Pager page={4} pageCount={5} onChange={jest.fn()} />);
    expect(input).toHaveValue('4');
    expect(screen.getByText('Trang 4 / 5')).toBeInTheDocument();
  });
});
