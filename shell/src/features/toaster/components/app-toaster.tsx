import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { toastDemand } from '../../../lib/notify';
import { useRemoteHost } from '../../remotes/remote-host-context';

const ToasterView = lazy(async () => ({ default: (await import('./toaster-view')).ToasterView }));

const selectPending = (state: { pending: boolean }) => state.pending;

/**
 * The product's one toaster. react-hot-toast is a federation singleton, so a toast raised
 * inside any remote lands here. No page needs it to show, so it loads after the first page,
 * unless a toast is due at startup (`eager`) or the shell raises one before (`notify`); a toast
 * raised before it mounts waits in react-hot-toast's store and shows when it does.
 */
export function AppToaster({ eager }: { eager: boolean }) {
  const [afterFirst, setAfterFirst] = useState(false);
  const pending = useStore(toastDemand, selectPending);
  const ready = eager || pending || afterFirst;
  const { firstPage } = useRemoteHost();
  useEffect(() => {
    if (!ready) return firstPage.afterFirstPage(() => setAfterFirst(true));
  }, [ready, firstPage]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
