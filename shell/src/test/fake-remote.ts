import type { RemoteName } from '@devhub/shared/remote-contract';
import type { Federation } from '../features/remotes/federation';
import { remoteEntryUrl } from './federation-fixtures';

/** Registers a remote with a fake runtime (fake-federation.ts) the way the host's check does. */
export function registerFakeRemote(federation: Federation, remote: RemoteName): void {
  federation.registerRemotes(
    [{ name: remote, entry: remoteEntryUrl(remote), type: 'global', entryGlobalName: remote }],
    {
      force: true,
    },
  );
}
