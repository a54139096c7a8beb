import { createContext, useContext } from 'react';
import type { RemoteHost } from './remote-host';

/** The remote host of the tree being rendered (app/remote-host-provider.tsx puts it there). */
export const RemoteHostContext = createContext<RemoteHost | null>(null);

export function useRemoteHost(): RemoteHost {
  const host = useContext(RemoteHostContext);
  if (!host) throw new Error('useRemoteHost: no RemoteHostProvider above this component');
  return host;
}
