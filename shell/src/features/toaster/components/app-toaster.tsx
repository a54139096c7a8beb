import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPage } from '../../../lib/after-first-page';

const ToasterView = lazy(async () => ({ default: (await import('./toaster-view')).ToasterView }));

/**
 * The product's one toaster. react-hot-toast is a federation singleton, so a toast raised
 * inside any remote lands here. No page needs it to show, so it loads after the first page,
 * unless a toast is due at startup (`eager`); a toast raised before it mounts waits in
 * react-hot-toast's store and shows when it does.
 */
export function AppToaster({ eager }: { eager: boolean }) {
  const [ready, setReady] = useState(eager);
  useEffect(() => {
    if (!ready) return afterFirstPage(() => setReady(true));
  }, [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
