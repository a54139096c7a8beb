import { useEffect, useRef, useState } from 'react';
import { remoteOf, type PageProps, type RemoteModuleId } from '@devhub/shared/remote-contract';
import { useHydrating } from '../../../lib/use-hydrating';
import { useRemoteHost } from '../remote-host-context';
import type { PageComponent } from '../remote-loader-types';
import { PageSlot } from './page-slot';
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
  const { status } = useRemoteHost();
  // A page that threw as it rendered (its code had loaded): the remotes panel and telemetry say so.
  const onPageError = (error: Error) => {
    const remote = remoteOf(module);
    if (status.statusOf(remote).state === 'loaded') status.updateStatus(remote, { pageError: error.message });
  };
  return (
    <RemoteBoundary
      key={`${module}#${attempt}`}
      what={what}
      onRetry={() => setAttempt((value) => value + 1)}
      onError={onPageError}
    >
      <LoadedPage module={module} props={props} fresh={attempt > 0} />
    </RemoteBoundary>
  );
}

type LoadState<K extends RemoteModuleId> = { page: PageComponent<K> } | { error: unknown } | null;

/**
 * Loads the page into state rather than suspending on it: React keeps a Suspense fallback on
 * screen for at least 300 ms once shown, so a remote arriving sooner would wait for nothing,
 * whereas a state update shows it the moment it arrives. The skeleton has the page's size.
 *
 * Hydrating a prerendered page is the exception: the shell hydrates its chrome without waiting for
 * the page's module (bootstrap.tsx), and the page suspends on it with its markup on screen, so the
 * header works before the remote's code is in. No fallback is shown there, so no timer holds it.
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
  const hydrating = useHydrating();
  const cached = fresh ? undefined : host.loadedPage(module);
  const [arriving] = useState(() =>
    hydrating && !cached ? (host.loadPage(module) as Promise<PageComponent<RemoteModuleId>>) : undefined,
  );
  const [state, setState] = useState<LoadState<K>>(cached ? { page: cached } : null);
  // One request per mount, even when development's strict mode runs the effect twice.
  const request = useRef<Promise<PageComponent<K>> | null>(null);
  useEffect(() => {
    if (state || arriving) return;
    let live = true;
    request.current ??= host.loadPage(module, { fresh });
    request.current.then(
      (page) => live && setState({ page }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [host, module, fresh, state, arriving]);

  if (state && 'error' in state) throw state.error;
  if (!state && !arriving) return <RemoteSkeleton />;
  return (
    <PageSlot
      Page={state ? (state.page as PageComponent<RemoteModuleId>) : undefined}
      arriving={arriving}
      module={module}
      props={props}
    />
  );
}
