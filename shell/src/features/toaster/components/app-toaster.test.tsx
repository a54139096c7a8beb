import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ERROR_MESSAGES, SHELL_TEXT } from '@devhub/shared/strings';
import { AppToaster } from './app-toaster';

// Rendered bare: the shared render helper mounts a toaster of its own, which would hide whether this one shows.
describe('AppToaster', () => {
  beforeEach(() => {
    performance.clearMarks();
    window.requestIdleCallback = (callback) => window.setTimeout(() => callback({} as IdleDeadline), 0);
    window.cancelIdleCallback = (handle) => window.clearTimeout(handle);
  });
  afterEach(() => act(() => toast.remove()));

  it('shows a toast raised before the first page once that page is on screen', async () => {
    render(<AppToaster eager={false} />);
    act(() => {
      toast.success(SHELL_TEXT.userMenu.loggedOut);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.queryByText(SHELL_TEXT.userMenu.loggedOut)).not.toBeInTheDocument();

    act(() => performance.mark('content-ready:catalog/HomePage'));
    expect(await screen.findByText(SHELL_TEXT.userMenu.loggedOut)).toBeInTheDocument();
  });

  it('is there from the start when a toast is due at startup', async () => {
    render(<AppToaster eager />);
    act(() => {
      toast.error(ERROR_MESSAGES.sessionExpired);
    });
    expect(await screen.findByText(ERROR_MESSAGES.sessionExpired)).toBeInTheDocument();
  });
});
