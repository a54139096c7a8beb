import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteOf, type RemoteModuleId } from '@devhub/shared/remote-contract';
import type { RemoteStatusStore } from '../remote-status';

/** A remote's load failed, with the message its page's slot shows: from the runtime or from the check before it. */
export function recordFailure({ updateStatus }: RemoteStatusStore, id: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  updateStatus(remoteOf(id as RemoteModuleId), { state: 'failed', error: message });
}

/**
 * What the remotes panel shows of each load: loading, loaded with how long it took, or failed with
 * the message the page's slot shows.
 */
export function statusPlugin(status: RemoteStatusStore): ModuleFederationRuntimePlugin {
  const { statusOf, updateStatus } = status;
  const startedAt = new Map<string, number>();
  return {
    name: 'devhub-status',
    async beforeRequest(args) {
      const remote = remoteOf(args.id as RemoteModuleId);
      startedAt.set(args.id, performance.now());
      updateStatus(remote, { state: statusOf(remote).state === 'loaded' ? 'loaded' : 'loading', error: undefined });
      return args;
    },
    onLoad({ id }) {
      const loadMs = Math.round(performance.now() - (startedAt.get(id) ?? performance.now()));
      updateStatus(remoteOf(id as RemoteModuleId), { state: 'loaded', loadMs });
    },
    async errorLoadRemote({ id, error }) {
      recordFailure(status, id, error);
      return undefined;
    },
  };
}
