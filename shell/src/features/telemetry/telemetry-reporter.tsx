import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { remoteOf } from '@devhub/shared/remote-contract';
import { useRemoteHost } from '../remotes/remote-host-context';
import { createPageViews } from './page-views';
import { startCollecting } from './telemetry-collection';

/**
 * Reports what this visit's pages ran (telemetry-collection.ts): a page view for each route the
 * visitor reaches, by the route table's pattern and the remote of its page. A path no route
 * matches (a page not found) is no view.
 */
export function TelemetryReporter() {
  const host = useRemoteHost();
  const { pathname } = useLocation();
  const [views] = useState(() => createPageViews(host.status.statusOf));
  useEffect(() => startCollecting(host, views), [host, views]);
  useEffect(() => {
    let started = false;
    const startView = () => {
      const state = host.routes.store.getState();
      if (started || state.state !== 'ready') return;
      started = true;
      const route = state.routes.find((candidate) => candidate.path === pathname);
      if (route) views.start(route.path, remoteOf(route.module));
    };
    startView();
    return host.routes.store.subscribe(startView);
  }, [host, pathname, views]);
  return null;
}
