import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@devhub/shared/tokens.css';
import { REMOTE_NAMES } from '@devhub/shared/remote-contract';
import { useSessionStore } from '@devhub/shared/session-store';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { installRemotePreload } from '../features/remotes/remote-preload';
import { notify } from '../lib/notify';
import { App } from './app';
import { OVERRIDE_PARAM, collectOverrides, type RefusedOverride } from './federation/overrides';
import { readRegistryResponse } from './federation/registry-request';
import { activateRegistry, failRegistry } from './federation/remote-loader';
import { fetchRegistry } from './federation/remote-registry';
import { ROUTES } from './route-table';

async function start(): Promise<void> {
  let refused: RefusedOverride[] = [];
  try {
    const registry = await fetchRegistry('/remotes.json', readRegistryResponse);
    const overrides = collectOverrides(window.location.search, REMOTE_NAMES, registry.allowedOverrideOrigins);
    refused = overrides.refused;
    if (overrides.fromUrl) {
      // The override is remembered in localStorage; the URL goes back to what the user shares.
      const url = new URL(window.location.href);
      url.searchParams.delete(OVERRIDE_PARAM);
      window.history.replaceState(window.history.state, '', url);
    }
    activateRegistry(registry, overrides.accepted);
    installRemotePreload(ROUTES);
    if (process.env.NODE_ENV !== 'production') {
      const { reloadOnRemoteRebuild } = await import('./dev/remote-live-reload');
      reloadOnRemoteRebuild(
        Object.values(registry.remotes).map((remote) => new URL(remote.entry, window.location.href).href),
      );
    }
  } catch (error) {
    // The shell still renders: each remote route explains the registry problem in its content area.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[shell] remotes.json: ${message}`);
    failRegistry(message);
  }
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

void start();
