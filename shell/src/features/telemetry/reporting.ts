import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import type { Outcome, PageView, Vital } from '@devhub/contracts/telemetry';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';
import type { RemoteStatus, RemoteStatusStore } from '../remotes/remote-status';

// What this visit's pages ran, as the telemetry beacon carries it (contracts/src/telemetry.js):
// each page view's route pattern (never the URL), the remote of its page, that remote's version,
// role and outcome, the uncaught errors its files threw, and the page load's Web Vitals. Every
// byte here is the reporter's, which its budget (e2e/tests/budgets.spec.ts) holds to 3 KiB gzipped
// with web-vitals: hence one closure, whose names the minifier can shorten.

/** A dev server's pin names no version: its remote is counted under this one. */
const UNKNOWN_VERSION = 'unknown';

// The contract's BEACON_SCHEMA and BEACON_LIMITS.views (reporting.test.ts checks them): importing
// its module would bring its checks into the reporter's bytes.
export const SCHEMA = 1;
export const VIEWS_PER_BEACON = 20;

interface OpenView {
  route: string;
  servedBy: string | undefined;
  /** The page load's Web Vitals, on the first view only. */
  vitals: PageView['vitals'];
  /** Uncaught errors of its remote's files. */
  errors: number;
}

/** How a remote fared, from its status; none while it has not finished. */
export function outcomeOf(status: RemoteStatus): Outcome | undefined {
  if (status.integrity === 'failed') return 'refused-integrity';
  if (status.problems.length > 0) return 'refused-compatibility';
  if (status.state === 'failed') return 'failed';
  if (status.state !== 'loaded') return undefined;
  return status.pageError === undefined ? 'loaded' : 'boundary-error';
}

export interface Reporting {
  /** A page view starts: `route` is the route table's pattern, `servedBy` the remote of its page. */
  view(route: string, servedBy: string | undefined): void;
  stop(): void;
}

/**
 * Starts reporting from the remote host's status. A view's outcome is its remote's status when
 * the next view starts, or when the views are sent while it is the current one; a view left before
 * its remote finished says nothing of the version and is not counted. What is held is sent with
 * navigator.sendBeacon whenever the page is hidden (the one moment a browser reliably lets a page
 * report: a tab switched, closed or navigated away, which every current engine signals with
 * visibilitychange). Web Vitals report their final values as the page is hidden too; their
 * listeners were added first, so they are in before the beacon leaves.
 */
export function startReporting(status: RemoteStatusStore): Reporting {
  // The first view's vitals are shared with its closed copy, so those that come later (INP grows
  // as the visitor interacts) are in it until it is sent.
  const landingVitals: Partial<Record<Vital, number>> = {};
  let closed: PageView[] = [];
  let current: OpenView | undefined;
  const stopping = new AbortController();
  const options = { signal: stopping.signal };

  /** Moves `view` to the closed ones; false while its remote has not finished. */
  const close = ({ route, servedBy, vitals, errors }: OpenView) => {
    const remote = servedBy ? status.statusOf(servedBy) : undefined;
    const outcome = remote && outcomeOf(remote);
    if (remote && !outcome) return false;
    // A version this browser chose by hand (an override) is neither the pin nor its candidate.
    if (!remote?.override)
      closed.push({
        route,
        // JSON leaves out what is undefined, as the contract asks of a field not given.
        servedBy,
        vitals,
        remotes: outcome
          ? [
              {
                remote: servedBy!,
                // The version that ran, or, for one that never did (its manifest unread), the pin's.
                version: remote!.version ?? remote!.pinnedVersion ?? UNKNOWN_VERSION,
                role: remote!.role ?? 'stable',
                outcome,
              },
            ]
          : [],
        ...(errors > 0 && { errors: [{ remote: servedBy!, count: errors }] }),
      });
    return true;
  };

  /** An uncaught error from `file`: counted if it is one of the current page's remote's files. */
  const count = (file: string | undefined) => {
    const remote = current?.servedBy && status.statusOf(current.servedBy);
    // A remote's files are published beside its manifest.
    const manifest = remote && (remote.override ?? remote.entry);
    if (file && manifest && file.startsWith(new URL('.', manifest).href)) current!.errors++;
  };
  /** The first http(s) URL of an error's stack: the file that threw, in every engine's format. */
  const fileOf = (error: unknown) =>
    error instanceof Error ? /(https?:\/\/\S+?):\d+:\d+/.exec(error.stack ?? '')?.[1] : undefined;

  for (const on of [onLCP, onINP, onCLS, onTTFB])
    on(({ name, value }) => {
      // Milliseconds to the unit, CLS to three decimals: finer is noise, and fewer digits to send.
      landingVitals[name.toLowerCase() as Vital] = name === 'CLS' ? +value.toFixed(3) : Math.round(value);
    });
  addEventListener('error', (event) => count(event.filename || fileOf(event.error)), options);
  addEventListener('unhandledrejection', (event) => count(fileOf(event.reason)), options);
  document.addEventListener(
    'visibilitychange',
    () => {
      const registry = status.store.getState().registry;
      if (document.visibilityState !== 'hidden' || registry.state !== 'ready') return;
      if (current && close(current)) current = undefined;
      const views = closed.slice(0, VIEWS_PER_BEACON);
      closed = [];
      if (views.length > 0)
        navigator.sendBeacon(
          TELEMETRY_PATH,
          JSON.stringify({ schema: SCHEMA, environment: registry.environment, views }),
        );
    },
    options,
  );

  let first = true;
  return {
    view(route, servedBy) {
      if (current) close(current);
      current = { route, servedBy, errors: 0, vitals: first ? landingVitals : undefined };
      first = false;
    },
    stop: () => stopping.abort(),
  };
}
