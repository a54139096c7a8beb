import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { RemoteModuleId } from '@devhub/shared/remote-contract';
import { REMOTE_MODULE_NAMES } from '@devhub/shared/strings';
import { RemoteBoundary } from './remote-boundary';
import { RemoteSkeleton } from './remote-skeleton';

export type RemoteModuleLoader = (id: RemoteModuleId, options: { fresh: boolean }) => Promise<Record<string, unknown>>;

type PageComponent = ComponentType<Record<string, unknown>>;

// Pages already loaded render at once when their route is visited again.
const loadedPages = new Map<RemoteModuleId, PageComponent>();

async function loadPage(id: RemoteModuleId, load: RemoteModuleLoader, fresh: boolean): Promise<PageComponent> {
  const module = await load(id, { fresh });
  const exportName = id.slice(id.indexOf('/') + 1);
  const component = module[exportName];
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new Error(`${id} does not export a component named "${exportName}"`);
  }
  loadedPages.set(id, component as PageComponent);
  return component as PageComponent;
}

/** Marks when a remote's page is mounted (its content may still be loading: see markContentReady). */
function MountMark({ id }: { id: RemoteModuleId }) {
  useEffect(() => {
    performance.mark(`remote-mounted:${id}`);
  }, [id]);
  return null;
}

interface RemotePageProps {
  id: RemoteModuleId;
  load: RemoteModuleLoader;
  props?: Record<string, unknown>;
}

/** A remote's page inside its error boundary, with a retry that re-fetches the remote. */
export function RemotePage({ id, load, props }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteBoundary
      key={`${id}#${attempt}`}
      what={REMOTE_MODULE_NAMES[id] ?? id}
      onRetry={() => setAttempt((value) => value + 1)}
    >
      <LoadedPage id={id} load={load} fresh={attempt > 0} props={props} />
    </RemoteBoundary>
  );
}

type LoadState = { page: PageComponent; error?: undefined } | { page?: undefined; error: unknown } | null;

/**
 * Loads the page into state rather than suspending on it: React keeps a Suspense fallback on
 * screen for at least 300 ms once shown, so a remote arriving sooner would wait for nothing,
 * whereas a state update shows it the moment it arrives. The skeleton has the page's size.
 */
function LoadedPage({ id, load, fresh, props }: RemotePageProps & { fresh: boolean }) {
  const cached = fresh ? undefined : loadedPages.get(id);
  const [state, setState] = useState<LoadState>(cached ? { page: cached } : null);
  // One request per mount, even when development's strict mode runs the effect twice.
  const request = useRef<Promise<PageComponent> | null>(null);
  useEffect(() => {
    if (state) return;
    let live = true;
    request.current ??= loadPage(id, load, fresh);
    request.current.then(
      (page) => live && setState({ page }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [id, load, fresh, state]);

  if (state?.error !== undefined) throw state.error;
  if (!state?.page) return <RemoteSkeleton />;
  const Page = state.page;
  return (
    // A page that suspends on its own data shows the skeleton meanwhile.
    <Suspense fallback={<RemoteSkeleton />}>
      <Page {...props} />
      <MountMark id={id} />
    </Suspense>
  );
}
