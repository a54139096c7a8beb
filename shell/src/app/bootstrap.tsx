import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@devhub/shared/tokens.css';
import { useSessionStore } from '@devhub/shared/session-store';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { pinsMatch, readPrerenderRecord, type PrerenderRecord } from '../features/prerender/prerender-record';
import { RENDERING_ATTRIBUTE, type Rendering } from '../features/prerender/ready-attribute';
import { createRemoteHost, type RemoteHost } from '../features/remotes/remote-host';
import { readVisitorBucket } from '../features/remotes/visitor-bucket';
import { installRemotePreload } from '../features/remotes/remote-preload';
import { readShellBuild } from '../features/remotes/shell-record';
import { readBootIsland } from '../lib/boot-island';
import { notify } from '../lib/notify';
import { App } from './app';

const markRendering = (rendering: Rendering) => document.documentElement.setAttribute(RENDERING_ATTRIBUTE, rendering);

function render(host: RemoteHost, container: HTMLElement, route: string, eagerToaster: boolean, reason?: string): void {
  host.status.setFirstPage({ route, rendering: 'client', ...(reason ? { reason } : {}) });
  markRendering('client');
  createRoot(container).render(
    <StrictMode>
      {/* A signed-in visitor's session is checked at startup, and may have expired: that is a toast. */}
      <App host={host} eagerToaster={eagerToaster} />
    </StrictMode>,
  );
}

/**
 * Hydrates a page rendered ahead of time if it was rendered from the registry this browser reads,
 * once the registry's routes are in (the layout and the route come from them); otherwise renders it
 * here, the markup staying on screen until then. The chrome hydrates at once; the remote's page
 * hydrates when its module arrives, its markup on screen meanwhile (remote-page.tsx), so the header
 * works before the page's code is in. A page whose module fails shows its error in the hydrated
 * chrome, as after any navigation.
 */
async function hydrateIfCurrent(
  host: RemoteHost,
  container: HTMLElement,
  path: string,
  record: PrerenderRecord,
  signedIn: boolean,
) {
  const text = SHELL_TEXT.prerender;
  const pins = await host.pinnedEntries();
  if (!pins || !pinsMatch(record, pins)) {
    render(host, container, path, signedIn, pins ? text.stale : text.noRegistry);
    return;
  }
  const route = (await host.routes.loadRoutes().catch(() => [])).find((candidate) => candidate.path === path);
  if (!route || route.access !== 'public') {
    render(host, container, path, signedIn, text.stale);
    return;
  }
  host.status.setFirstPage({ route: route.path, rendering: 'hydrated' });
  host.loadPage(route.module).catch(() => {
    host.status.setFirstPage({ route: route.path, rendering: 'client', reason: text.pageFailed });
  });
  markRendering('hydrated');
  hydrateRoot(
    container,
    <StrictMode>
      {/* The markup shows the render's date: the first render must too. */}
      <App host={host} eagerToaster={false} renderedAt={record.renderedAt} />
    </StrictMode>,
  );
}

/**
 * Starts the shell: the registry read and the current route's page start at once, and the chrome
 * renders at once without waiting for either (a remote slot shows its skeleton meanwhile) — or,
 * on a page rendered ahead of time, hydrates it once the registry's routes are in. The page's data
 * island is read here, once: what the shell build provides, for the remote host, and the prerendered page's record (its render date handed to the tree it hydrates).
 */
export function start(): void {
  const island = readBootIsland(document);
  const record = readPrerenderRecord(island);
  const host = createRemoteHost(
    readShellBuild(island),
    {
      onRefusedOverrides: (refused) => {
        for (const { value, reason } of refused) void notify('error', SHELL_TEXT.overrides.refused(value, reason));
      },
      visitorBucket: readVisitorBucket(),
    },
    { root: document.documentElement },
  );
  host.startRemotes();
  const signedIn = useSessionStore.getState().isAuthenticated;
  const path = window.location.pathname;
  // Only a head start: the page's own load reports any failure.
  host.routes
    .loadRoutes()
    .then((routes) => {
      const route = routes.find((candidate) => candidate.path === path);
      if (route && (route.access === 'public' || signedIn)) return host.loadPage(route.module);
      return undefined;
    })
    .catch(() => undefined);
  installRemotePreload(host);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  if (record && record.route === path && window.location.search === '') {
    void hydrateIfCurrent(host, container, path, record, signedIn);
  } else {
    render(host, container, path, signedIn, record ? SHELL_TEXT.prerender.query : undefined);
  }
}
