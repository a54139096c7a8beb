import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { Vital } from '@devhub/contracts/telemetry';
import type { RemoteHost } from '../remotes/remote-host';
import { remoteOfFile, type PageViews } from './page-views';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';

const VITALS: Array<[Vital, (report: (metric: Metric) => void) => void]> = [
  ['lcp', onLCP],
  ['inp', onINP],
  ['cls', onCLS],
  ['ttfb', onTTFB],
];

/** The first http(s) URL of an error's stack: the file that threw, in every engine's format. */
const fileOf = (error: unknown) =>
  error instanceof Error ? /https?:\/\/[^\s)]+?(?=:\d+:\d+|\)|\s|$)/.exec(error.stack ?? '')?.[0] : undefined;

/**
 * Feeds `views` with the page load's Web Vitals and the uncaught errors of remotes' files, and
 * sends what it holds with navigator.sendBeacon whenever the page is hidden (the one moment a
 * browser reliably lets a page report: a tab switched, closed or navigated away). Web Vitals
 * report their final values as the page is hidden too; their listeners were added first, so they
 * are in before the beacon leaves. Returns what stops it.
 */
export function startCollecting(
  host: RemoteHost,
  views: PageViews,
  send: (url: string, body: string) => boolean = (url, body) => navigator.sendBeacon(url, body),
): () => void {
  for (const [name, on] of VITALS) on((metric) => views.vital(name, metric.value));
  const statuses = () => host.status.store.getState().remotes;
  const onError = (event: ErrorEvent) => {
    const remote = remoteOfFile(event.filename || fileOf(event.error), statuses());
    if (remote) views.error(remote);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const remote = remoteOfFile(fileOf(event.reason), statuses());
    if (remote) views.error(remote);
  };
  const flush = () => {
    if (document.visibilityState !== 'hidden') return;
    const registry = host.status.store.getState().registry;
    if (registry.state !== 'ready') return;
    const beacon = views.take(registry.environment);
    if (beacon) send(TELEMETRY_PATH, JSON.stringify(beacon));
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('visibilitychange', flush);
  window.addEventListener('pagehide', flush);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    document.removeEventListener('visibilitychange', flush);
    window.removeEventListener('pagehide', flush);
  };
}
