import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { ERROR_MESSAGES, SHELL_TEXT } from '@devhub/shared/strings';
import { SHELL_BUILD } from '../../../test/federation-fixtures';
import { LiveRegions } from '../../a11y/live-regions';
import { createRemoteHost, type RemoteHost } from '../../remotes/remote-host';
import { RemoteHostContext } from '../../remotes/remote-host-context';
import { AppToaster } from './app-toaster';

let host: RemoteHost;

// Rendered beside the shell's live regions only: the shared render helper mounts a toaster of
// its own, which would hide whether this one shows.
function renderToaster(eager: boolean) {
  host = createRemoteHost(SHELL_BUILD);
  return render(
    <RemoteHostContext value={host}>
      <LiveRegions />
      <AppToaster eager={eager} />
    </RemoteHostContext>,
  );
}

describe('AppToaster', () => {
  beforeEach(() => {
    window.requestIdleCallback = (callback) => window.setTimeout(() => callback({} as IdleDeadline), 0);
    window.cancelIdleCallback = (handle) => window.clearTimeout(handle);
  });
  afterEach(() => act(() => toast.remove()));

  it('shows a toast raised before the first page once that page is on screen', async () => {
    renderToaster(false);
    act(() => {
      toast.success(SHELL_TEXT.userMenu.loggedOut);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.queryByText(SHELL_TEXT.userMenu.loggedOut)).not.toBeInTheDocument();

    act(() => host.firstPage.contentReady('catalog/HomePage'));
    expect(await screen.findByText(SHELL_TEXT.userMenu.loggedOut)).toBeInTheDocument();
  });

  it('is there from the start when a toast is due at startup', async () => {
    renderToaster(true);
    act(() => {
      toast.error(ERROR_MESSAGES.sessionExpired);
    });
    expect(await screen.findByText(ERROR_MESSAGES.sessionExpired)).toBeInTheDocument();
  });

  it('shows each toast inside the live region that was there before it, errors in the assertive one', async () => {
    renderToaster(true);
    const polite = document.querySelector('[aria-live="polite"]');
    const assertive = document.querySelector('[aria-live="assertive"]');
    expect(polite).toBeInTheDocument();
    expect(assertive).toBeInTheDocument();

    act(() => {
      toast.error(ERROR_MESSAGES.sessionExpired);
      toast.success(SHELL_TEXT.userMenu.loggedOut);
    });
    // Each text is in the page once, inside its region.
    expect(assertive).toContainElement(await screen.findByText(ERROR_MESSAGES.sessionExpired));
    expect(polite).toContainElement(screen.getByText(SHELL_TEXT.userMenu.loggedOut));
  });
});
