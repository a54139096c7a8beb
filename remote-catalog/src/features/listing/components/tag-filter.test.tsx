import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TagFilter } from './tag-filter';

describe('TagFilter', () => {
  it("starts collapsed with 'Mở rộng' and toggles to 'Thu gọn'", async () => {
    const user = userEvent.setup();
    render(<TagFilter tags={['React', 'CSS']} selected={[]} onToggle={jest.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Mở rộng' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('list')).toHaveAttribute('data-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Thu gọn');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list')).toHaveAttribute('data-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Mở rộng');
  });

  it('marks selected tags as pressed and reports clicks', async () => {
    const user = userEvent.setup();
    const onToggle = jest.fn();
    render(<TagFilter tags={['React', 'CSS', 'Go']} selected={['CSS']} onToggle={onToggle} />);
    expect(screen.getByRole('button', { name: 'CSS' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'React' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Đã chọn 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onToggle).toHaveBeenCalledWith('Go');
  });
});
