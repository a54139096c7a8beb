import { useEffect, useRef, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useStore } from 'zustand';
import { remoteOf } from '@devhub/shared/remote-contract';
import { useRemoteHost } from '../remotes/remote-host-context';
import type { Reporting } from './reporting';

/**
 * Reports what this visit's pages ran (reporting.ts): a page view for each route the visitor
 * reaches, by the route table's pattern and the remote of its page; a path no route matches (a
 * page not found) is no view. The reporting code, with web-vitals, loads once the first page has
 * come to rest, so nothing of it competes with that page; a visit on which it fails to load is
 * not reported, and nothing else is lost.
 */
export function TelemetryReporter() {
  const host = useRemoteHost();
  const { pathname, key } = useLocation();
  const counted = useRef<string>(undefined);
  const routes = useStore(host.routes.store);
  const [reporting, setReporting] = useState<Reporting>();
  useEffect(() => {
    let started: Reporting | undefined;
    let unmounted = false;
    const cancel = host.firstPage.afterFirstPage(() => {
      // Named, so the byte budget (e2e/tests/budgets.spec.ts) and the bench find it.
      import(/* webpackChunkName: "telemetry-reporter" */ './reporting').then(
        ({ startReporting }) => {
          if (unmounted) return;
          started = startReporting(host.status);
          setReporting(started);
        },
        () => undefined,
      );
    });
    return () => {
      unmounted = true;
      cancel();
      started?.stop();
    };
  }, [host]);
  useEffect(() => {
    // One view a navigation: a table loaded anew (a fresh registry's routes) is not another.
    const route = routes.state === 'ready' && routes.routes.find(({ path }) => matchPath(path, pathname));
    if (!reporting || !route || counted.current === key) return;
    counted.current = key;
    reporting.view(route.path, remoteOf(route.module));
  }, [reporting, routes, pathname, key]);
  return null;
}
