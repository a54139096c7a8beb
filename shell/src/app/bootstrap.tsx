import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@devhub/shared/tokens.css';
import { ROUTES } from '@devhub/shared/remote-contract';
import { useSessionStore } from '@devhub/shared/session-store';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { installRemotePreload } from '../features/remotes/remote-preload';
import { loadPage, startRemotes } from '../features/remotes/remote-loader';
import { notify } from '../lib/notify';
import { App } from './app';

/**
 * Starts the shell: the registry read and the current route's page start at once, and the chrome
 * renders at once without waiting for either (a remote slot shows its skeleton meanwhile).
 */
export function start(): void {
  startRemotes({
    onRefusedOverrides: (refused) => {
      for (const { value, reason } of refused) void notify('error', SHELL_TEXT.overrides.refused(value, reason));
    },
  });
  const signedIn = useSessionStore.getState().isAuthenticated;
  const route = ROUTES.find((candidate) => candidate.path === window.location.pathname);
  // Only a head start: the page's own load reports any failure.
  if (route && (route.access === 'public' || signedIn)) loadPage(route.module).catch(() => undefined);
  installRemotePreload();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      {/* A signed-in visitor's session is checked at startup, and may have expired: that is a toast. */}
      <App eagerToaster={signedIn} />
    </StrictMode>,
  );
}
