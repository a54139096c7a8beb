import { act, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ERROR_MESSAGES, SHELL_TEXT } from '@devhub/shared/strings';
import { announcements } from '../../a11y/announcer';
import { LiveRegions } from '../../a11y/live-regions';
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

  it('says each toast in the live regions that were there before it, errors assertively', async () => {
    act(() => announcements.setState({ polite: '', assertive: '' }));
    render(
      <>
        <LiveRegions />
        <AppToaster eager />
      </>,
    );
    const polite = document.querySelector('[aria-live="polite"]');
    const assertive = document.querySelector('[aria-live="assertive"]');
    expect(polite).toBeInTheDocument();
    expect(assertive).toBeInTheDocument();

    act(() => {
      toast.error(ERROR_MESSAGES.sessionExpired);
    });
    await waitFor(() => expect(assertive).toHaveTextContent(ERROR_MESSAGES.sessionExpired));
    expect(polite).toBeEmptyDOMElement();
    act(() => {
      toast.success(SHELL_TEXT.userMenu.loggedOut);
    });
    await waitFor(() => expect(polite).toHaveTextContent(SHELL_TEXT.userMenu.loggedOut));
    // The toast itself stays silent, so nothing is read twice.
    const live = screen
      .getAllByText(SHELL_TEXT.userMenu.loggedOut)
      .map((shown) => shown.closest('[aria-live]:not([aria-live="off"]), [role="status"]:not([aria-live="off"])'))
      .filter(Boolean);
    expect(live).toEqual([polite]);
  });
});
