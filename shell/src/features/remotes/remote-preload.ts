import { preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId, RemoteName } from '@devhub/shared/remote-contract';
import { statusOf } from '../../app/federation/remote-status';
import type { RouteDefinition } from '../../app/route-table';
import { afterFirstPage } from '../../lib/after-first-page';

function split(module: RemoteModuleId): [RemoteName, string] {
  const [remote, expose] = module.split('/') as [RemoteName, string];
  return [remote, `./${expose}`];
}

/**
 * Warms remotes before they are needed: a link hovered or focused preloads the module of
 * its route, and once the first page is on screen and the browser is idle, so do the
 * modules of the main navigation.
 */
export function installRemotePreload(routes: readonly RouteDefinition[]): () => void {
  const requested = new Set<RemoteModuleId>();

  const preload = (module: RemoteModuleId) => {
    const [remote, expose] = split(module);
    if (requested.has(module) || statusOf(remote).state === 'failed') return;
    requested.add(module);
    preloadRemote([{ nameOrAlias: remote, exposes: [expose], resourceCategory: 'all' }]).catch(() => {
      // A failed preload is retried on the next hover; the real load reports its own error.
      requested.delete(module);
    });
  };

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const route = routes.find((candidate) => candidate.path === link.pathname);
    if (route) preload(route.module);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);

  const cancelWarm = afterFirstPage(() =>
    routes.filter((route) => route.layout === 'main').forEach((route) => preload(route.module)),
  );

  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
    cancelWarm();
  };
}
