import { BEACON_LIMITS, describeBeaconProblem, isRoutePattern, OUTCOMES, validateBeacon } from './telemetry.js';

/** @param {Record<string, unknown>} [view] */
const beaconOf = (view = {}) => ({
  schema: 1,
  environment: 'preview',
  views: [
    {
      route: '/docs/:slug',
      servedBy: 'catalog',
      remotes: [
        { remote: 'catalog', version: '1.4.0', role: 'candidate', outcome: 'loaded' },
        { remote: 'auth', version: '1.0.0', role: 'stable', outcome: 'failed' },
      ],
      vitals: { lcp: 1830.5, inp: 96, cls: 0.07, ttfb: 210 },
      errors: [{ remote: 'catalog', count: 2 }],
      ...view,
    },
  ],
});

/** The problems of `raw`, as the collector says them. */
const problemsOf = (/** @type {unknown} */ raw) => validateBeacon(raw).problems.map(describeBeaconProblem);

describe('validateBeacon', () => {
  it('returns a well-formed beacon as it is', () => {
    const beacon = beaconOf();
    expect(validateBeacon(beacon)).toEqual({ beacon, problems: [] });
  });

  it('accepts what may be left out: the vitals, the errors, the serving remote, every remote of a shell page', () => {
    const shellPage = { schema: 1, environment: 'local', views: [{ route: '/__remotes', remotes: [] }] };
    expect(problemsOf(shellPage)).toEqual([]);
    expect(problemsOf(beaconOf({ vitals: { inp: 0 } }))).toEqual([]);
    expect(problemsOf(beaconOf({ vitals: {}, errors: [] }))).toEqual([]);
    for (const outcome of OUTCOMES) {
      const view = { remotes: [{ remote: 'catalog', version: '1.0.0-rc.1+b7', role: 'stable', outcome }] };
      expect(problemsOf(beaconOf(view))).toEqual([]);
    }
  });

  it.each([
    [null, ['the beacon must be an object']],
    [[], ['the beacon must be an object']],
    ['{"schema":1}', ['the beacon must be an object']],
    [{ ...beaconOf(), schema: 2 }, ['schema must be 1']],
    [{ ...beaconOf(), schema: '1' }, ['schema must be 1']],
    [{ ...beaconOf(), environment: '' }, [expect.stringMatching(/^environment must be an environment name/)]],
    [{ ...beaconOf(), environment: 'a b' }, [expect.stringMatching(/^environment must be an environment name/)]],
    [{ ...beaconOf(), views: [] }, ['views must be a list of 1 to 20 page views']],
    [{ ...beaconOf(), views: {} }, ['views must be a list of 1 to 20 page views']],
  ])('refuses the beacon %p', (raw, problems) => {
    expect(validateBeacon(raw).beacon).toBeNull();
    expect(problemsOf(raw)).toEqual(problems);
  });

  it('refuses an unknown field at every level, naming where and never what it was called', () => {
    const secret = 'token-4f1c';
    const cases = [
      [{ ...beaconOf(), [secret]: 1 }, 'the beacon'],
      [beaconOf({ [secret]: 1 }), 'views[0]'],
      [
        beaconOf({ remotes: [{ remote: 'catalog', version: '1', role: 'stable', outcome: 'loaded', [secret]: 1 }] }),
        'views[0].remotes[0]',
      ],
      [beaconOf({ vitals: { lcp: 1, [secret]: 1 } }), 'views[0].vitals'],
      [beaconOf({ errors: [{ remote: 'catalog', count: 1, [secret]: 1 }] }), 'views[0].errors[0]'],
      [JSON.parse('{"schema":1,"environment":"x","views":[{"route":"/","remotes":[]}],"__proto__":{}}'), 'the beacon'],
    ];
    for (const [raw, where] of cases) {
      const lines = problemsOf(raw);
      expect(lines).toEqual([`${where} holds a field this schema does not know`]);
      expect(lines.join('\n')).not.toContain(secret);
    }
  });

  it('names each bad field of a page view by its place', () => {
    const raw = beaconOf({
      route: '/blog?user=an',
      servedBy: 'account',
      remotes: [
        { remote: 'catalog', version: '1.0.0', role: 'canary', outcome: 'ok' },
        { remote: 'catalog', version: 'v 1', role: 'stable', outcome: 'loaded' },
        { remote: 'Auth', version: '1.0.0', role: 'stable', outcome: 'loaded' },
      ],
      errors: [
        { remote: 'shell', count: 1 },
        { remote: 'catalog', count: 0 },
        { remote: 'catalog', count: 1.5 },
      ],
    });
    expect(validateBeacon(raw).problems.map(({ field, code }) => `${field}: ${code}`)).toEqual([
      'views[0].route: route',
      'views[0].remotes[0].role: role',
      'views[0].remotes[0].outcome: outcome',
      'views[0].remotes[1].remote: twice',
      'views[0].remotes[1].version: version',
      'views[0].remotes[2].remote: remote',
      'views[0].servedBy: unlisted',
      'views[0].errors[0].remote: unlisted',
      'views[0].errors[1].count: count',
      'views[0].errors[2].remote: twice',
    ]);
  });

  it.each([
    ['lcp', -1],
    ['lcp', BEACON_LIMITS.milliseconds + 1],
    ['inp', Number.NaN],
    ['ttfb', Infinity],
    ['ttfb', '200'],
    ['cls', 10.5],
    ['cls', -0.1],
  ])('refuses %s %p', (name, number) => {
    expect(problemsOf(beaconOf({ vitals: { [name]: number } }))).toEqual([
      `views[0].vitals.${name} must be a number from 0 to 600000 (milliseconds; CLS: 0 to 10)`,
    ]);
  });

  it('accepts the bounds themselves', () => {
    const vitals = { lcp: BEACON_LIMITS.milliseconds, inp: 0, cls: BEACON_LIMITS.cls, ttfb: 0 };
    expect(problemsOf(beaconOf({ vitals, errors: [{ remote: 'auth', count: BEACON_LIMITS.errorCount }] }))).toEqual([]);
  });

  it('bounds every list and every string', () => {
    const view = beaconOf().views[0];
    expect(problemsOf({ ...beaconOf(), views: Array(BEACON_LIMITS.views).fill(view) })).toEqual([]);
    expect(problemsOf({ ...beaconOf(), views: Array(BEACON_LIMITS.views + 1).fill(view) })).toEqual([
      'views must be a list of 1 to 20 page views',
    ]);
    const many = Array.from({ length: BEACON_LIMITS.remotes + 1 }, (_, index) => ({
      remote: `r${index}`,
      version: '1.0.0',
      role: 'stable',
      outcome: 'loaded',
    }));
    expect(problemsOf(beaconOf({ servedBy: undefined, errors: undefined, remotes: many }))).toEqual([
      'views[0].remotes must be a list of at most 16 entries',
    ]);
    expect(problemsOf({ ...beaconOf(), environment: 'e'.repeat(41) })).toHaveLength(1);
    const version = (/** @type {number} */ length) =>
      beaconOf({
        remotes: [{ remote: 'catalog', version: '1'.repeat(length), role: 'stable', outcome: 'loaded' }],
        errors: [],
      });
    expect(problemsOf(version(BEACON_LIMITS.version))).toEqual([]);
    expect(problemsOf(version(BEACON_LIMITS.version + 1))).toEqual([
      'views[0].remotes[0].version must be a version such as "1.4.0" (at most 64 characters)',
    ]);
  });

  it('reports at most its bound of problems, however bad the beacon', () => {
    const bad = { remote: 'X', version: '', role: '', outcome: '' };
    const raw = { ...beaconOf(), views: Array(BEACON_LIMITS.views).fill({ route: 'x', remotes: [bad, bad] }) };
    expect(validateBeacon(raw).problems).toHaveLength(BEACON_LIMITS.problems);
  });
});

describe('isRoutePattern', () => {
  it.each(['/', '/blog', '/docs/:slug', '/orders/history', '/__remotes', '/a/:id/b', `/${'a'.repeat(32)}`])(
    'accepts %p',
    (route) => {
      expect(isRoutePattern(route)).toBe(true);
    },
  );

  it.each([
    // A URL, or a part of one that is not its path: a query, a fragment, a user, a host.
    'https://devhub.vn/blog',
    '//devhub.vn/blog',
    '/blog?token=abc',
    '/signin#access_token=abc',
    '/blog?',
    'user:secret@devhub.vn/blog',
    '/an@example.com',
    '/blog;jsessionid=1',
    // Escapes, dots, spaces, trailing slashes: nothing another reader would see as another path.
    '/%2e%2e/x',
    '/blog/../x',
    '/blog/',
    '/blog post',
    '',
    'blog',
    // Too long to be a word of a path: a JWT, a UUID, a long path.
    '/reset/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    '/orders/123e4567-e89b-12d3-a456-426614174000',
    `/${'a'.repeat(33)}`,
    `/${Array(30).fill('abcd').join('/')}`,
    // Only a whole segment can be a parameter.
    '/docs/a:slug',
    '/docs/:',
    '/docs/:Slug',
    '/docs/:slug-x',
  ])('refuses %p', (route) => {
    expect(isRoutePattern(route)).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, ['/blog'], { path: '/blog' }]) expect(isRoutePattern(value)).toBe(false);
  });
});
