import { REMOTE_NAMES } from '@devhub/shared/remote-contract';
import { useSessionStore } from '@devhub/shared/session-store';
import { OVERRIDE_PARAM, collectOverrides, type RefusedOverride } from './federation/overrides';
import { readRegistryResponse } from './federation/registry-request';
import { activateRegistry, failRegistry, loadRemoteModule } from './federation/remote-loader';
import { fetchRegistry } from './federation/remote-registry';
import { ROUTES } from './route-table';

export interface RemotesStart {
  /** Overrides from the URL or storage that the registry does not allow; the shell toasts them. */
  refused: RefusedOverride[];
}

/** Starts loading the current route's remote page, if the visitor may see it. */
function warmCurrentRoute(): void {
  const route = ROUTES.find((candidate) => candidate.path === window.location.pathname);
  if (!route || (route.access === 'signed-in' && !useSessionStore.getState().isAuthenticated)) return;
  // Only a head start: the page's own load reports any failure.
  loadRemoteModule(route.module).catch(() => undefined);
}

/**
 * Reads the registry, applies overrides and registers the remotes, then starts the current
 * route's remote page. This runs beside the download of the React app, not after it, so the
 * page is on its way (its chunks and the shared libraries it needs) before React can render.
 */
export async function startRemotes(): Promise<RemotesStart> {
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
    warmCurrentRoute();
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
  return { refused };
}
