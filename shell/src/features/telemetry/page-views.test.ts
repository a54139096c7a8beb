import { BEACON_SCHEMA, validateBeacon } from '@devhub/contracts/telemetry';
import type { RemoteStatus } from '../remotes/remote-status';
import { createPageViews, outcomeOf, remoteOfFile } from './page-views';

const status = (change: Partial<RemoteStatus>): RemoteStatus => ({ state: 'loaded', problems: [], ...change });

describe('how a remote fared', () => {
  it.each([
    [{}, 'loaded'],
    [{ pageError: 'boom' }, 'boundary-error'],
    [{ state: 'failed' as const, error: 'HTTP 503' }, 'failed'],
    [{ state: 'failed' as const, problems: ['react 18'] }, 'refused-compatibility'],
    [{ state: 'failed' as const, integrity: 'failed' as const }, 'refused-integrity'],
    [{ state: 'loading' as const }, undefined],
  ])('%j is %s', (change, outcome) => {
    expect(outcomeOf(status(change))).toBe(outcome);
  });
});

describe("a file's remote", () => {
  const statuses = {
    catalog: status({ entry: 'https://cdn.example/remote-catalog/1.2.0/mf-manifest.json' }),
    auth: status({
      entry: 'https://localhost:3002/mf-manifest.json',
      override: 'https://cdn.example/auth/mf-manifest.json',
    }),
  };
  it.each([
    ['https://cdn.example/remote-catalog/1.2.0/123.js', 'catalog'],
    ['https://cdn.example/auth/remoteEntry.js', 'auth'],
    ['https://cdn.example/remote-catalog/1.1.0/123.js', undefined],
    ['https://localhost:3000/main.js', undefined],
    [undefined, undefined],
  ])('of %s is %s', (url, remote) => {
    expect(remoteOfFile(url, statuses)).toBe(remote);
  });
});

describe("a visit's page views", () => {
  const statuses: Record<string, RemoteStatus> = {
    catalog: status({ version: '1.2.0', role: 'candidate' }),
    account: status({ state: 'loading' }),
  };
  const statusOf = (remote: string) => statuses[remote] ?? status({ state: 'not-loaded' });

  it('become a beacon the collector accepts, the first one with the page load’s Web Vitals', () => {
    const views = createPageViews(statusOf);
    views.start('/', 'catalog');
    views.vital('lcp', 812.4);
    views.vital('cls', 0.01234);
    views.error('catalog');
    views.error('catalog');
    views.start('/blog', 'catalog');
    views.vital('inp', 96);
    const beacon = views.take('preview');
    expect(beacon).toEqual({
      schema: BEACON_SCHEMA,
      environment: 'preview',
      views: [
        {
          route: '/',
          servedBy: 'catalog',
          remotes: [{ remote: 'catalog', version: '1.2.0', role: 'candidate', outcome: 'loaded' }],
          vitals: { lcp: 812, cls: 0.012, inp: 96 },
          errors: [{ remote: 'catalog', count: 2 }],
        },
        {
          route: '/blog',
          servedBy: 'catalog',
          remotes: [{ remote: 'catalog', version: '1.2.0', role: 'candidate', outcome: 'loaded' }],
        },
      ],
    });
    expect(validateBeacon(JSON.parse(JSON.stringify(beacon))).problems).toEqual([]);
    expect(views.take('preview')).toBeUndefined();
  });

  it("gives each view its remote's outcome as the next view started: a later throw is the later view's", () => {
    statuses.catalog = status({ version: '1.2.0' });
    const views = createPageViews(statusOf);
    views.start('/', 'catalog');
    views.start('/blog', 'catalog');
    statuses.catalog = status({ version: '1.2.0', pageError: 'boom' });
    expect(views.take('preview')?.views.map((view) => view.remotes[0]?.outcome)).toEqual(['loaded', 'boundary-error']);
  });

  it('reports nothing of a remote this browser overrides', () => {
    statuses.catalog = status({
      version: '9.9.9',
      override: 'https://cdn.example/remote-catalog/9.9.9/mf-manifest.json',
    });
    const views = createPageViews(statusOf);
    views.start('/', 'catalog');
    expect(views.take('preview')).toBeUndefined();
  });

  it('keeps a view whose remote has not finished until it has', () => {
    const views = createPageViews(statusOf);
    views.start('/profile', 'account');
    expect(views.take('preview')).toBeUndefined();
    // Its manifest never came: the version is the one pinned.
    statuses.account = status({ pinnedVersion: '1.0.0', state: 'failed', error: 'HTTP 503' });
    expect(views.take('preview')?.views).toEqual([
      {
        route: '/profile',
        servedBy: 'account',
        remotes: [{ remote: 'account', version: '1.0.0', role: 'stable', outcome: 'failed' }],
      },
    ]);
  });
});
