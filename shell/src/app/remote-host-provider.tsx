import type { ReactNode } from 'react';
import type { RemoteHost } from '../features/remotes/remote-host';
import { RemoteHostContext } from '../features/remotes/remote-host-context';

/** Hands the shell's remote host to every component below (read with useRemoteHost). */
export function RemoteHostProvider({ host, children }: { host: RemoteHost; children: ReactNode }) {
  return <RemoteHostContext.Provider value={host}>{children}</RemoteHostContext.Provider>;
}
