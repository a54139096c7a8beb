import type { Beacon, Outcome, PageView, Vital } from '@devhub/contracts/telemetry';
import type { RemoteStatus } from '../remotes/remote-status';

// The page views of one visit, as the telemetry beacon carries them (contracts/src/telemetry.js):
// the route's pattern and the remote whose page it was, never the URL. How each remote fared is
// read from the remote host's status when the views are sent, so a page still loading is sent
// once it has loaded or failed.

/** A dev server's pin names no version: its remote is counted under this one. */
const UNKNOWN_VERSION = 'unknown';

interface OpenView {
  route: string;
  servedBy?: string;
  vitals: Partial<Record<Vital, number>>;
  errors: Map<string, number>;
  /** Its remote's status as the next view started: what happened later is that view's. */
  ended?: RemoteStatus;
}

/** How a remote fared, from its status; none while it has not finished. */
export function outcomeOf(status: RemoteStatus): Outcome | undefined {
  if (status.integrity === 'failed') return 'refused-integrity';
  if (status.problems.length > 0) return 'refused-compatibility';
  if (status.state === 'failed') return 'failed';
  if (status.state !== 'loaded') return undefined;
  return status.pageError === undefined ? 'loaded' : 'boundary-error';
}

/**
 * The remote whose files `url` is one of: the one whose manifest's folder holds it (its files are
 * published beside its manifest). None for the shell's own files or another origin's.
 */
export function remoteOfFile(url: string | undefined, statuses: Record<string, RemoteStatus | undefined>) {
  if (!url) return undefined;
  for (const [remote, status] of Object.entries(statuses)) {
    const manifest = status?.override ?? status?.entry;
    if (manifest && url.startsWith(new URL('.', manifest).href)) return remote;
  }
  return undefined;
}

/**
 * The views of one visit until they are sent: the first view carries the page load's Web Vitals.
 * `statusOf` is the remote host's: a view's outcome is its remote's status when the next view
 * started, or when the views are sent.
 */
export function createPageViews(statusOf: (remote: string) => RemoteStatus) {
  let views: OpenView[] = [];
  let landing: OpenView | undefined;

  return {
    /** A page view starts: `route` is the route table's pattern, `servedBy` the remote of its page. */
    start(route: string, servedBy: string | undefined): void {
      const previous = views.at(-1);
      if (previous?.servedBy !== undefined && !previous.ended) previous.ended = { ...statusOf(previous.servedBy) };
      const view: OpenView = { route, vitals: {}, errors: new Map(), ...(servedBy ? { servedBy } : {}) };
      views.push(view);
      landing ??= view;
    },
    /** A Web Vital of the page load, which is the first view's. */
    vital(name: Vital, value: number): void {
      // Milliseconds to the unit, CLS to three decimals: finer is noise, and fewer digits to send.
      if (landing) landing.vitals[name] = name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
    },
    /** An uncaught error of `remote`'s files, during the current view. */
    error(remote: string): void {
      const view = views.at(-1);
      if (view) view.errors.set(remote, (view.errors.get(remote) ?? 0) + 1);
    },
    /**
     * The beacon of the views whose remote has finished, which are then forgotten; none if there
     * is none yet. A later Web Vital of the first view (INP grows as the visitor interacts) is sent
     * with the next beacon's first view only if that view is still open.
     */
    take(environment: string, maxViews = 20): Beacon | undefined {
      const ready: PageView[] = [];
      const kept: OpenView[] = [];
      for (const view of views) {
        const status = view.servedBy === undefined ? undefined : (view.ended ?? statusOf(view.servedBy));
        const outcome = status && outcomeOf(status);
        if (view.servedBy !== undefined && !outcome) {
          kept.push(view);
          continue;
        }
        // A version this browser chose by hand (an override) is neither the pin nor its candidate.
        if (status?.override !== undefined) continue;
        if (ready.length < maxViews) ready.push(pageViewOf(view, status, outcome));
      }
      views = kept;
      if (ready.length === 0) return undefined;
      // The contract's BEACON_SCHEMA (page-views.test.ts checks it): importing its module would bring
      // its checks into the reporter's bytes.
      return { schema: 1, environment, views: ready };
    },
  };
}

function pageViewOf(view: OpenView, status: RemoteStatus | undefined, outcome: Outcome | undefined): PageView {
  const { route, servedBy, vitals, errors } = view;
  // The version that ran, or, for one that never did (its manifest unread), the one pinned.
  const version = status?.version ?? status?.pinnedVersion ?? UNKNOWN_VERSION;
  const remotes = servedBy && outcome ? [{ remote: servedBy, version, role: status?.role ?? 'stable', outcome }] : [];
  const counted = [...errors].filter(([remote]) => remote === servedBy).map(([remote, count]) => ({ remote, count }));
  return {
    route,
    ...(servedBy ? { servedBy } : {}),
    remotes,
    ...(Object.keys(vitals).length > 0 ? { vitals } : {}),
    ...(counted.length > 0 ? { errors: counted } : {}),
  };
}

export type PageViews = ReturnType<typeof createPageViews>;
