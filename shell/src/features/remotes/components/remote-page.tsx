import { Suspense, useEffect, useRef, useState } from 'react';
import type { PageProps, RemoteModuleId } from '@devhub/shared/remote-contract';
import { useRemoteHost } from '../remote-host-context';
import type { PageComponent } from '../remote-loader';
import { RemoteBoundary } from './remote-boundary';
import { RemoteSkeleton } from './remote-skeleton';

interface RemotePageProps<K extends RemoteModuleId> {
  module: K;
  props: PageProps;
  /** What the page shows, for the failure message. */
  what: string;
}

/** A remote's page inside its error boundary, with a retry that loads the remote again. */
export function RemotePage<K extends RemoteModuleId>({ module, props, what }: RemotePageProps<K>) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteBoundary key={`${module}#${attempt}`} what={what} onRetry={() => setAttempt((value) => value + 1)}>
      <LoadedPage module={module} props={props} fresh={attempt > 0} />
    </RemoteBoundary>
  );
}

/** Marks when a remote's page is mounted (its content may still be loading: see markContentReady). */
function MountMark({ module }: { module: RemoteModuleId }) {
  useEffect(() => {
    performance.mark(`remote-mounted:${module}`);
  }, [module]);
  return null;
}

type LoadState<K extends RemoteModuleId> = { page: PageComponent<K> } | { error: unknown } | null;

/**
 * Loads the page into state rather than suspending on it: React keeps a Suspense fallback on
 * screen for at least 300 ms once shown, so a remote arriving sooner would wait for nothing,
 * whereas a state update shows it the moment it arrives. The skeleton has the page's size.
 */
function LoadedPage<K extends RemoteModuleId>({
  module,
  props,
  fresh,
}: {
  module: K;
  props: PageProps;
  fresh: boolean;
}) {
  const host = useRemoteHost();
  const cached = fresh ? undefined : host.loadedPage(module);
  const [state, setState] = useState<LoadState<K>>(cached ? { page: cached } : null);
  // One request per mount, even when development's strict mode runs the effect twice.
  const request = useRef<Promise<PageComponent<K>> | null>(null);
  useEffect(() => {
    if (state) return;
    let live = true;
    request.current ??= host.loadPage(module, { fresh });
    request.current.then(
      (page) => live && setState({ page }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [host, module, fresh, state]);

  if (state && 'error' in state) throw state.error;
  if (!state) return <RemoteSkeleton />;
  const Page = state.page as PageComponent<RemoteModuleId>;
  return (
    // A page that suspends on its own data shows the skeleton meanwhile.
    <Suspense fallback={<RemoteSkeleton />}>
      <Page {...props} />
      <MountMark module={module} />
    </Suspense>
  );
}
