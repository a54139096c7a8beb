import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@devhub/shared/tokens.css';
import { useSessionStore } from '@devhub/shared/session-store';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { installRemotePreload } from '../features/remotes/remote-preload';
import { notify } from '../lib/notify';
import { App } from './app';
import { ROUTES } from './route-table';
import type { RemotesStart } from './start-remotes';

/** Renders the shell once the remotes are registered (their loading is already under way). */
export async function render(remotesStarted: Promise<RemotesStart>): Promise<void> {
  const { refused } = await remotesStarted;
  installRemotePreload(ROUTES);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      {/* A signed-in visitor's session is checked at startup, and may have expired: that is a toast. */}
      <App eagerToaster={refused.length > 0 || useSessionStore.getState().isAuthenticated} />
    </StrictMode>,
  );
  for (const { value, reason } of refused) void notify('error', SHELL_TEXT.overrides.refused(value, reason));
}
