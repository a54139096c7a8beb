import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { useRemoteHost } from '../remote-host-context';
import type { RemotesState } from '../remote-status';

// The override notices, loaded only once there is one to show: a page without an override (nearly
// every page) never downloads their code (override-presence.ts).
const OverrideBadge = lazy(async () => ({ default: (await import('./override-badge')).OverrideBadge }));

const overridesInView = (state: RemotesState) =>
  Object.keys(state.proposals).length > 0 || Object.values(state.remotes).some((status) => status?.override);

/** Where the override notice and badge appear (override-badge.tsx), once a link proposed one or one applies. */
export function OverrideBadgeSlot() {
  const { store } = useRemoteHost().status;
  if (!useStore(store, overridesInView)) return null;
  return (
    <Suspense fallback={null}>
      <OverrideBadge />
    </Suspense>
  );
}
