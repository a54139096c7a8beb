import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteOf } from '@devhub/shared/remote-contract';
import type { RemoteStatusStore } from '../remote-status';
import { isPageId } from './page-id';

/**
 * What the remotes panel shows of each load: loading, loaded with how long it took, or failed with
 * the message the page's slot shows.
 */
export function statusPlugin({ statusOf, updateStatus }: RemoteStatusStore): ModuleFederationRuntimePlugin {
  const startedAt = new Map<string, number>();
  return {
    name: 'devhub-status',
    async beforeRequest(args) {
      if (isPageId(args.id)) {
        const remote = remoteOf(args.id);
        startedAt.set(args.id, performance.now());
        updateStatus(remote, { state: statusOf(remote).state === 'loaded' ? 'loaded' : 'loading', error: undefined });
      }
      return args;
    },
    onLoad({ id }) {
      if (!isPageId(id)) return;
      const loadMs = Math.round(performance.now() - (startedAt.get(id) ?? performance.now()));
      updateStatus(remoteOf(id), { state: 'loaded', loadMs });
    },
    async errorLoadRemote({ id, error }) {
      if (isPageId(id)) {
        updateStatus(remoteOf(id), { state: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
      return undefined;
    },
  };
}
