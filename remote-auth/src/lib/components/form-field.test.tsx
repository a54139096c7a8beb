import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { FormField } from './form-field';

function Form() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ password: string }>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: { password: '' } });
  return (
    <form onSubmit={handleSubmit(() => undefined)}>
      <FormField
        label="Mật khẩu"
        registration={register('password', {
          required: 'Vui lòng nhập mật khẩu',
          minLength: { value: 8, message: 'Mật khẩu phải có ít nhất 8 kí tự' },
        })}
        error={errors.password?.message}
      />
      <button type="submit">Gửi</button>
    </form>
  );
}

/** The field's own live region (the error paragraph is not one). */
const liveRegion = (container: HTMLElement) => container.querySelector('[aria-live="polite"]');

describe('FormField', () => {
  it('says an error that appears or changes while typing, once, and not the one a submit shows', async () => {
    const user = userEvent.setup();
    const { container } = render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(await screen.findByText('Vui lòng nhập mật khẩu')).toBeInTheDocument();
    expect(screen.getByLabelText('Mật khẩu')).toHaveAccessibleDescription('Vui lòng nhập mật khẩu');
    expect(liveRegion(container)).toHaveTextContent('');

    await user.type(screen.getByLabelText('Mật khẩu'), 'abc');
    expect(liveRegion(container)).toHaveTextContent('Mật khẩu: Mật khẩu phải có ít nhất 8 kí tự');
    const said = liveRegion(container)?.firstChild;

    await user.type(screen.getByLabelText('Mật khẩu'), 'd');
    // The same error again: the region's text is left as it was, so nothing is said twice.
    expect(liveRegion(container)?.firstChild).toBe(said);

    await user.type(screen.getByLabelText('Mật khẩu'), 'efgh');
    await waitFor(() => expect(screen.queryByText('Mật khẩu phải có ít nhất 8 kí tự')).not.toBeInTheDocument());
    expect(liveRegion(container)).toHaveTextContent('');
  });
});
