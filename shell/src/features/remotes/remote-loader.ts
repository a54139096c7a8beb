import type { ComponentType } from 'react';
import { exportNameOf, remoteOf, type RemoteModuleId } from '@devhub/shared/remote-contract';
import { buildFederation, type Federation } from './federation';
import { hostPlugins } from './host-plugins';
import { createTrust } from './integrity';
import { createRemoteCheck } from './remote-check';
import type { LoaderContext, PageComponent, RemoteLoader } from './remote-loader-types';
import { recordFailure } from './runtime-plugins/status-plugin';

// A remote host's pages: each page's remote checked first (remote-check.ts: nothing of a refused
// remote is fetched), then the page loaded once through the federation runtime, whose plugins (one
// list, host-plugins.ts) give its files their digests and report the load to the remotes panel.
// Its state lives in the loader the remote host creates (remote-host.ts).

interface CachedPage {
  promise: Promise<ComponentType<never>>;
  component?: ComponentType<never>;
}

/**
 * The loader of one remote host: its check, trusted files and page cache are its own; the runtime
 * (the shell build's unless the host was given one) gets its plugins once. The one-bundle baseline
 * of `npm run bench` swaps this module out (bench/mono/mono-remote-loader.ts), and with it all of
 * federation.
 */
export function createRemoteLoader(context: LoaderContext): RemoteLoader {
  const { status, federation = buildFederation } = context;
  const trust = createTrust();
  const check = createRemoteCheck({ ...context, trust, federation });
  const pages = new Map<RemoteModuleId, CachedPage>();
  let runtime: Federation | undefined;

  function pluggedRuntime(): Federation {
    if (!runtime) {
      runtime = federation();
      runtime.registerPlugins(hostPlugins({ check, status, trust }));
    }
    return runtime;
  }

  return {
    startRemotes: check.startRemotes,
    pinnedEntries: check.pinnedEntries,
    registryReady: check.registryReady,
    loadPage<K extends RemoteModuleId>(id: K, { fresh = false } = {}): Promise<PageComponent<K>> {
      let cached = fresh ? undefined : pages.get(id);
      if (!cached) {
        const remote = remoteOf(id);
        if (fresh) check.retry(remote);
        const promise = check
          .startPage(id)
          .catch((error: unknown) => {
            recordFailure(status, id, error);
            throw error;
          })
          .then(() => pluggedRuntime().loadRemote<Record<string, unknown>>(id))
          .then((module) => module?.[exportNameOf(id)] as ComponentType<never>);
        const page: CachedPage = { promise };
        promise.then(
          (component) => {
            page.component = component;
          },
          () => {
            if (pages.get(id) === page) pages.delete(id);
          },
        );
        pages.set(id, page);
        cached = page;
      }
      return cached.promise as unknown as Promise<PageComponent<K>>;
    },
    loadedPage<K extends RemoteModuleId>(id: K) {
      return pages.get(id)?.component as PageComponent<K> | undefined;
    },
    adoptPage<K extends RemoteModuleId>(id: K, component: PageComponent<K>) {
      pages.set(id, {
        promise: Promise.resolve(component as ComponentType<never>),
        component: component as ComponentType<never>,
      });
    },
    inspectRemote(remote) {
      return check.checkedRemote(remote).then(
        () => undefined,
        () => undefined,
      );
    },
    async preloadPage(id) {
      if (!check.registryStarted() || status.statusOf(remoteOf(id)).state === 'failed') return;
      await check.startPage(id, true);
    },
  };
}
