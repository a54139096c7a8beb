import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** True while React renders on the server or hydrates its markup; false in the browser's own renders. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
