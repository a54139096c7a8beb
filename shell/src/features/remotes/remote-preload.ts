import type { AppRoute, RemoteModuleId } from '@devhub/shared/remote-contract';
import type { RemoteHost } from './remote-host';

/**
 * Warms remote pages before they are needed: a link hovered or focused preloads the page of its
 * route, and once the first page is on screen and the browser is idle, so do the pages of the main
 * navigation. Returns a function that stops it.
 */
export function installRemotePreload(host: RemoteHost): () => void {
  const routes = (): readonly AppRoute[] => {
    const state = host.routes.store.getState();
    return state.state === 'ready' ? state.routes : [];
  };
  const requested = new Set<RemoteModuleId>();

  const preload = (module: RemoteModuleId) => {
    if (requested.has(module)) return;
    requested.add(module);
    host.preloadPage(module).catch(() => {
      // A failed preload is retried on the next hover; the real load reports its own error.
      requested.delete(module);
    });
  };

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const route = routes().find((candidate) => candidate.path === link.pathname);
    if (route) preload(route.module);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);

  const cancelWarm = host.firstPage.afterFirstPage(() =>
    routes()
      .filter((route) => route.layout === 'main')
      .forEach((route) => preload(route.module)),
  );

  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
    cancelWarm();
  };
}
