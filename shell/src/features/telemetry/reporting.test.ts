import type { Metric } from 'web-vitals';
import { BEACON_LIMITS, BEACON_SCHEMA, validateBeacon } from '@devhub/contracts/telemetry';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';
import { createRemoteStatus, type RemoteStatus } from '../remotes/remote-status';
import { outcomeOf, SCHEMA, startReporting, VIEWS_PER_BEACON } from './reporting';

// What web-vitals would report in a browser (jsdom has no PerformanceObserver): each metric's
// listener, kept to be called by the test.
const vitalListeners: Array<(metric: Pick<Metric, 'name' | 'value'>) => void> = [];
jest.mock('web-vitals', () => {
  const on = (listener: (metric: Pick<Metric, 'name' | 'value'>) => void) => vitalListeners.push(listener);
  return { onLCP: on, onINP: on, onCLS: on, onTTFB: on };
});
const reportVital = (name: Metric['name'], value: number) =>
  vitalListeners.forEach((report) => report({ name, value }));

const sent: Array<[string, string]> = [];
/** The page hidden, as a browser hides it when the visitor switches tab or leaves. */
function hidePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
}
const beacons = () => sent.splice(0).map(([, body]) => JSON.parse(body) as unknown);
const CATALOG_MANIFEST = 'https://cdn.example/remote-catalog/1.2.0/mf-manifest.json';

beforeAll(() => {
  // jsdom has no sendBeacon: what the browser would send is kept here.
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => sent.push([url, body]) > 0,
  });
});

const started: Array<{ stop(): void }> = [];
afterEach(() => started.splice(0).forEach((reporting) => reporting.stop()));

function setUp(remotes: Record<string, Partial<RemoteStatus>>) {
  const status = createRemoteStatus();
  status.setRegistryState({ state: 'ready', environment: 'preview' });
  for (const [remote, change] of Object.entries(remotes)) status.updateStatus(remote, change);
  vitalListeners.length = 0;
  const reporting = startReporting(status);
  started.push(reporting);
  return { status, reporting };
}

describe('how a remote fared', () => {
  it.each([
    [{}, 'loaded'],
    [{ pageError: 'boom' }, 'boundary-error'],
    [{ state: 'failed' as const, error: 'HTTP 503' }, 'failed'],
    [{ state: 'failed' as const, problems: ['react 18'] }, 'refused-compatibility'],
    [{ state: 'failed' as const, integrity: 'failed' as const }, 'refused-integrity'],
    [{ state: 'loading' as const }, undefined],
  ])('%j is %s', (change, outcome) => {
    expect(outcomeOf({ state: 'loaded', problems: [], ...change })).toBe(outcome);
  });
});

describe("a visit's reporting", () => {
  it('speaks the contract: its schema and batch size are the collector’s', () => {
    expect([SCHEMA, VIEWS_PER_BEACON]).toEqual([BEACON_SCHEMA, BEACON_LIMITS.views]);
  });

  it('sends its views when the page is hidden, the first with the page load’s Web Vitals, then forgets them', () => {
    const { reporting } = setUp({ catalog: { state: 'loaded', version: '1.2.0', role: 'candidate' } });
    reportVital('TTFB', 80.6);
    reporting.view('/', 'catalog');
    reportVital('LCP', 812.4);
    reportVital('CLS', 0.01234);
    reporting.view('/blog', 'catalog');
    // INP grows as the visitor interacts: it is the page load's, so the first view's.
    reportVital('INP', 96);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toEqual([]);

    hidePage();
    expect(sent.map(([url]) => url)).toEqual([TELEMETRY_PATH]);
    const [beacon] = beacons();
    expect(validateBeacon(beacon).problems).toEqual([]);
    const use = { remote: 'catalog', version: '1.2.0', role: 'candidate', outcome: 'loaded' };
    expect(beacon).toEqual({
      schema: BEACON_SCHEMA,
      environment: 'preview',
      views: [
        { route: '/', servedBy: 'catalog', remotes: [use], vitals: { ttfb: 81, lcp: 812, cls: 0.012, inp: 96 } },
        { route: '/blog', servedBy: 'catalog', remotes: [use] },
      ],
    });
    hidePage();
    expect(sent).toEqual([]);
  });

  it("gives each view its remote's outcome as the next view started: a later throw is the later view's", () => {
    const { status, reporting } = setUp({ catalog: { state: 'loaded', version: '1.2.0' } });
    reporting.view('/', 'catalog');
    reporting.view('/blog', 'catalog');
    status.updateStatus('catalog', { pageError: 'boom' });
    hidePage();
    expect(beacons()).toMatchObject([
      { views: [{ remotes: [{ outcome: 'loaded' }] }, { remotes: [{ outcome: 'boundary-error' }] }] },
    ]);
  });

  it("counts the uncaught errors of the current page's remote only, from an error's file or its stack", () => {
    const { reporting } = setUp({ catalog: { state: 'loaded', version: '1.2.0', entry: CATALOG_MANIFEST } });
    reporting.view('/blog', 'catalog');
    window.dispatchEvent(new ErrorEvent('error', { filename: 'https://cdn.example/remote-catalog/1.2.0/12.js' }));
    window.dispatchEvent(new ErrorEvent('error', { filename: 'https://localhost:3000/main.js' }));
    window.dispatchEvent(new ErrorEvent('error', { filename: 'https://cdn.example/remote-catalog/1.1.0/12.js' }));
    const thrown = new Error('boom');
    thrown.stack = 'Error: boom\n    at render (https://cdn.example/remote-catalog/1.2.0/34.js:1:200)';
    const rejection = new Event('unhandledrejection');
    Object.assign(rejection, { reason: thrown });
    window.dispatchEvent(rejection);
    hidePage();
    expect(beacons()).toMatchObject([{ views: [{ errors: [{ remote: 'catalog', count: 2 }] }] }]);
  });

  it('keeps a view whose remote has not finished until it has, its version then the pin’s if its manifest never came', () => {
    const { status, reporting } = setUp({ account: { state: 'loading', pinnedVersion: '1.0.0' } });
    reporting.view('/profile', 'account');
    hidePage();
    expect(sent).toEqual([]);
    status.updateStatus('account', { state: 'failed', error: 'HTTP 503' });
    hidePage();
    expect(beacons()).toMatchObject([
      {
        views: [
          { route: '/profile', remotes: [{ remote: 'account', version: '1.0.0', role: 'stable', outcome: 'failed' }] },
        ],
      },
    ]);
  });

  it('reports nothing of a remote this browser overrides, nor of a view left before its remote finished', () => {
    const { reporting } = setUp({
      catalog: {
        state: 'loaded',
        version: '9.9.9',
        override: 'https://cdn.example/remote-catalog/9.9.9/mf-manifest.json',
      },
      account: { state: 'loading' },
    });
    reporting.view('/', 'catalog');
    reporting.view('/profile', 'account');
    reporting.view('/signin', undefined);
    hidePage();
    expect(beacons()).toMatchObject([{ views: [{ route: '/signin', remotes: [] }] }]);
  });

  it('sends at most a beacon’s worth of views, and nothing once stopped', () => {
    const { reporting } = setUp({});
    for (let index = 0; index <= VIEWS_PER_BEACON; index += 1) reporting.view('/signin', undefined);
    hidePage();
    expect(beacons()).toMatchObject([{ views: Array.from({ length: VIEWS_PER_BEACON }, () => ({})) }]);
    reporting.view('/signup', undefined);
    reporting.stop();
    hidePage();
    expect(sent).toEqual([]);
  });
});
