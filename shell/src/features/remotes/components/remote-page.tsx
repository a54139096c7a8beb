import { Suspense, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteModuleId } from '@devhub/shared/remote-contract';
import { REMOTE_MODULE_NAMES } from '@devhub/shared/strings';
import { RemoteBoundary } from './remote-boundary';
import { RemoteSkeleton } from './remote-skeleton';

export type RemoteModuleLoader = (id: RemoteModuleId, options: { fresh: boolean }) => Promise<Record<string, unknown>>;

type PageComponent = ComponentType<Record<string, unknown>>;

// One lazy component per module, so revisiting a route renders at once instead of suspending again.
const lazyPages = new Map<RemoteModuleId, LazyExoticComponent<PageComponent>>();

function lazyPage(id: RemoteModuleId, load: RemoteModuleLoader, fresh: boolean): LazyExoticComponent<PageComponent> {
  const cached = lazyPages.get(id);
  if (cached && !fresh) return cached;
  const page = lazy(async () => {
    const module = await load(id, { fresh });
    const exportName = id.slice(id.indexOf('/') + 1);
    const component = module[exportName];
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
      throw new Error(`${id} does not export a component named "${exportName}"`);
    }
    return { default: component as PageComponent };
  });
  lazyPages.set(id, page);
  return page;
}

/** Marks when a remote's page is on screen; the benchmark measures time-to-content with it. */
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

/** A remote's page inside its error boundary and Suspense, with a retry that re-fetches the remote. */
export function RemotePage({ id, load, props }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const [Page, setPage] = useState(() => lazyPage(id, load, false));
  const [pageId, setPageId] = useState(id);
  if (pageId !== id) {
    setPageId(id);
    setPage(() => lazyPage(id, load, false));
  }

  const retry = () => {
    setAttempt((value) => value + 1);
    setPage(() => lazyPage(id, load, true));
  };

  return (
    <RemoteBoundary key={`${id}#${attempt}`} what={REMOTE_MODULE_NAMES[id] ?? id} onRetry={retry}>
      <Suspense fallback={<RemoteSkeleton />}>
        <Page {...props} />
        <MountMark id={id} />
      </Suspense>
    </RemoteBoundary>
  );
}
