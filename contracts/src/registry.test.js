import { describeRegistryProblem, isLoopbackHost, unverifiedPins, validateRegistry } from './registry.js';

const DIGEST = `sha384-${'A'.repeat(64)}`;
const remotes = {
  catalog: {
    entry: 'https://cdn.example/remote-catalog/1.2.0/mf-manifest.json',
    version: '1.2.0',
    previousVersions: ['1.1.0'],
    integrity: DIGEST,
  },
  auth: { entry: 'http://localhost:3002/mf-manifest.json' },
  account: { entry: '/deploy/remote-account/1.0.0/mf-manifest.json', integrity: DIGEST },
};
/** The same pins, each with its digest, as an environment other than `local` needs them. */
const verified = Object.fromEntries(
  Object.entries(remotes).map(([name, pin]) => [name, { ...pin, integrity: DIGEST }]),
);

const routePage = { expose: 'BlogPage', what: 'blog', layout: 'main', access: 'public', routes: [{ path: '/blog' }] };

/** @param {unknown} raw */
const problemsOf = (raw) => validateRegistry(raw).problems.map(describeRegistryProblem);

describe('validateRegistry', () => {
  it('accepts a complete registry with relative entries, and keeps fields it does not know', () => {
    const raw = {
      environment: 'staging',
      remotes: verified,
      allowedOverrideOrigins: ['https://cdn.example'],
      deployBaseUrl: '/deploy/',
      note: 'x',
    };
    expect(validateRegistry(raw)).toEqual({ registry: raw, problems: [], refused: {} });
  });

  it('takes the remotes the registry names: one the shell never heard of, and none of a left-out one', () => {
    const forum = { entry: '/deploy/remote-forum/1.0.0/mf-manifest.json', integrity: DIGEST };
    expect(validateRegistry({ environment: 'staging', remotes: { forum } }).registry?.remotes).toEqual({ forum });
    expect(Object.keys(validateRegistry({ remotes: { ...verified, forum } }).registry?.remotes ?? {})).toEqual([
      'catalog',
      'auth',
      'account',
      'forum',
    ]);
    expect(validateRegistry({ remotes: {} }).problems).toEqual([]);
  });

  it('defaults the environment and the allow-list', () => {
    expect(validateRegistry({ remotes }).registry).toMatchObject({
      environment: 'local',
      allowedOverrideOrigins: [],
    });
  });

  it.each([
    [null, ['must contain a JSON object']],
    [[], ['must contain a JSON object']],
    [{}, ['"remotes" must be an object']],
    [
      { remotes, allowedOverrideOrigins: ['https://cdn.example/path'] },
      ['"allowedOverrideOrigins" must be a list of origins such as "https://cdn.example.com"'],
    ],
    [
      { remotes, allowedOverrideOrigins: 'https://a' },
      ['"allowedOverrideOrigins" must be a list of origins such as "https://cdn.example.com"'],
    ],
    [
      { remotes, environment: '' },
      [
        '"environment" must be a non-empty string',
        '"remotes.auth.integrity" is missing: outside the local environment nothing runs a pin without its digest (pin it again with "remotes use")',
      ],
    ],
    [{ remotes, deployBaseUrl: 5 }, ['"deployBaseUrl" must be an http(s) URL or a path']],
    [{ remotes, deployBaseUrl: 'javascript:void 0' }, ['"deployBaseUrl" must be an http(s) URL or a path']],
  ])('refuses the whole of %j, naming every offending field', (raw, messages) => {
    expect(problemsOf(raw)).toEqual(messages);
    expect(validateRegistry(raw).registry).toBeNull();
  });

  it.each([
    [
      { remotes: { ...remotes, 'Billing-2': { entry: 'x' }, '': { entry: 'x' } } },
      [
        'remote name(s) "Billing-2", "" refused: a name is lower-case letters and digits, starting with a letter (at most 30)',
      ],
    ],
    [{ remotes: { ...remotes, auth: 'x' } }, ['"remotes.auth" must be an object with the entry of a mf-manifest.json']],
    [
      { remotes: { ...remotes, auth: { entry: 42 }, account: { entry: '  ' } } },
      [
        '"remotes.auth.entry" must be the http(s) URL or the path of a mf-manifest.json',
        '"remotes.account.entry" must be the http(s) URL or the path of a mf-manifest.json',
      ],
    ],
    [
      { remotes: { ...remotes, catalog: { entry: 'javascript:alert(1)' } } },
      ['"remotes.catalog.entry" must be the http(s) URL or the path of a mf-manifest.json'],
    ],
    [
      { remotes: { ...remotes, catalog: { entry: 'data:application/json,{}' } } },
      ['"remotes.catalog.entry" must be the http(s) URL or the path of a mf-manifest.json'],
    ],
    [
      { remotes: { ...remotes, catalog: { entry: 'file:///etc/passwd' } } },
      ['"remotes.catalog.entry" must be the http(s) URL or the path of a mf-manifest.json'],
    ],
    [
      { remotes: { ...remotes, catalog: { entry: 'ftp://cdn.example/m.json' } } },
      ['"remotes.catalog.entry" must be the http(s) URL or the path of a mf-manifest.json'],
    ],
    [{ remotes: { ...remotes, auth: { entry: 'x', version: 2 } } }, ['"remotes.auth.version" must be a string']],
    [
      { remotes: { ...remotes, auth: { entry: 'x', previousVersions: [1] } } },
      ['"remotes.auth.previousVersions" must be a list of versions'],
    ],
    [
      { remotes: { ...remotes, auth: { entry: 'x', integrity: 'sha256-abc' } } },
      ['"remotes.auth.integrity" must be a sha384 digest ("sha384-" and 64 base64 characters)'],
    ],
    [
      { remotes: { ...remotes, auth: { entry: 'x', routes: [{ expose: 'SignInPage' }] } } },
      ['"remotes.auth.routes" is not a route table: page 1: "what" must be a non-empty string'],
    ],
    [
      {
        remotes: {
          ...remotes,
          auth: { entry: 'x', routes: [{ ...routePage, routes: [{ path: '/../../../../tmp/x' }] }] },
        },
      },
      [
        '"remotes.auth.routes" is not a route table: page 1: path "/../../../../tmp/x" is not a route path: "/" then segments of letters, digits, ".", "_", "~" and "-", none of them "." or ".."',
      ],
    ],
    [
      {
        remotes: {
          ...remotes,
          catalog: { entry: 'x', routes: [{ ...routePage, expose: 'ListingPage' }] },
          account: { entry: 'y', routes: [routePage] },
        },
      },
      ['path /blog is served by both catalog and account'],
    ],
  ])('refuses the offending pins of %j only, naming every offending field', (raw, messages) => {
    expect(problemsOf(raw)).toEqual(messages);
    const { registry, refused } = validateRegistry(raw);
    const names = Object.keys(raw.remotes);
    // Every well-named remote either runs or is refused with its problems; a bad name is neither.
    expect([...Object.keys(registry?.remotes ?? {}), ...Object.keys(refused)].sort()).toEqual(
      names.filter((name) => /^[a-z]/.test(name)).sort(),
    );
    for (const [name, { pin }] of Object.entries(refused))
      expect(pin).toBe(/** @type {Record<string, unknown>} */ (raw.remotes)[name]);
  });
});

describe('a refused pin', () => {
  const forumPage = { ...routePage, expose: 'ForumPage', routes: [{ path: '/forum' }] };

  it('keeps its routes when they are well formed, so the shell can say why there', () => {
    const forum = { entry: 'javascript:x', routes: [forumPage] };
    const { registry, refused } = validateRegistry({ remotes: { ...remotes, forum } });
    expect(Object.keys(registry?.remotes ?? {})).toEqual(['catalog', 'auth', 'account']);
    expect(refused.forum).toEqual({
      pin: forum,
      problems: [{ code: 'bad-entry', field: 'remotes.forum.entry' }],
      routes: [forumPage],
    });
  });

  it('keeps no route that is malformed or that a running pin serves', () => {
    const catalog = { entry: 'x', routes: [{ ...routePage, expose: 'ListingPage' }] };
    const { refused } = validateRegistry({
      remotes: {
        catalog,
        forum: { entry: 'x', routes: [{ ...forumPage, routes: [{ path: 'forum' }] }] },
        blog: { entry: 'javascript:x', routes: [routePage] },
      },
    });
    expect(refused.forum?.routes).toBeUndefined();
    expect(refused.blog?.routes).toBeUndefined();
    expect(refused.blog?.problems.map((problem) => problem.code)).toEqual(['bad-entry']);
  });
});

describe('a candidate beside a stable pin', () => {
  const candidate = {
    entry: '/deploy/remote-catalog/1.3.0/mf-manifest.json',
    version: '1.3.0',
    integrity: DIGEST,
    percent: 10,
  };

  it('is kept, with routes of its own', () => {
    const raw = { environment: 'staging', remotes: { ...verified, catalog: { ...verified.catalog, candidate } } };
    expect(validateRegistry(raw)).toEqual({
      registry: { ...raw, allowedOverrideOrigins: [] },
      problems: [],
      refused: {},
    });
  });

  it("claims its paths: a later remote serving one of them is refused, as for a stable pin's", () => {
    const { registry, refused } = validateRegistry({
      environment: 'staging',
      remotes: {
        catalog: { ...verified.catalog, candidate: { ...candidate, routes: [routePage] } },
        auth: { ...verified.auth, routes: [routePage] },
      },
    });
    expect(registry?.remotes.catalog?.candidate?.routes).toEqual([routePage]);
    expect(refused.auth?.problems.map((problem) => problem.code)).toEqual(['route-conflict']);
  });

  it.each([
    [{ ...candidate, percent: 0 }, 'its percent must be a whole number from 1 to 100'],
    [{ ...candidate, percent: 12.5 }, 'its percent must be a whole number from 1 to 100'],
    [{ ...candidate, percent: 101 }, 'its percent must be a whole number from 1 to 100'],
    [
      { ...candidate, entry: 'javascript:alert(1)' },
      'its entry must be the http(s) URL or the path of a mf-manifest.json',
    ],
    [{ ...candidate, integrity: undefined }, 'it has no digest: nothing unverified runs outside the local environment'],
    [{ ...candidate, routes: [routePage] }, 'path /blog is served by both auth and catalog'],
    ['1.3.0', 'must be an object with entry, version and percent'],
  ])('%j is dropped, and every visitor gets the stable version', (bad, detail) => {
    const remotes = {
      auth: { ...verified.auth, routes: [routePage] },
      catalog: { ...verified.catalog, candidate: bad },
    };
    const { registry, problems } = validateRegistry({ environment: 'staging', remotes });
    expect(registry?.remotes.catalog).toEqual(verified.catalog);
    expect(problems).toEqual([{ code: 'bad-candidate', field: 'remotes.catalog.candidate', detail }]);
    expect(describeRegistryProblem(/** @type {import("./registry.js").RegistryProblem} */ (problems[0]))).toBe(
      `"remotes.catalog.candidate" is refused, every visitor gets the stable version: ${detail}`,
    );
  });
});

describe('outside the local environment', () => {
  it('refuses every pin without a digest, versioned or not, naming each, and runs the others', () => {
    const raw = {
      environment: 'preview',
      remotes: { ...verified, catalog: { entry: 'x', version: '1.0.0' }, auth: { entry: 'y' } },
    };
    expect(validateRegistry(raw)).toEqual({
      registry: { ...raw, remotes: { account: verified.account }, allowedOverrideOrigins: [] },
      refused: {
        catalog: {
          pin: raw.remotes.catalog,
          problems: [{ code: 'missing-integrity', field: 'remotes.catalog.integrity' }],
        },
        auth: { pin: raw.remotes.auth, problems: [{ code: 'missing-integrity', field: 'remotes.auth.integrity' }] },
      },
      problems: [
        { code: 'missing-integrity', field: 'remotes.catalog.integrity' },
        { code: 'missing-integrity', field: 'remotes.auth.integrity' },
      ],
    });
    expect(problemsOf(raw)).toEqual([
      '"remotes.catalog.integrity" is missing: outside the local environment nothing runs a pin without its digest (pin it again with "remotes use")',
      '"remotes.auth.integrity" is missing: outside the local environment nothing runs a pin without its digest (pin it again with "remotes use")',
    ]);
    expect(validateRegistry({ ...raw, environment: 'local' }).problems).toEqual([]);
  });

  it('lets the commands that write digests read such a registry, and names its unverified pins', () => {
    const raw = { environment: 'preview', remotes: { ...verified, auth: { entry: 'y' } } };
    const { registry } = validateRegistry(raw, { acceptUnverified: true });
    expect(registry).toEqual({ ...raw, allowedOverrideOrigins: [] });
    expect(unverifiedPins(/** @type {NonNullable<typeof registry>} */ (registry))).toEqual(['auth']);
    expect(unverifiedPins({ environment: 'local', remotes: raw.remotes })).toEqual([]);
    // Anything else still refuses it.
    expect(
      validateRegistry({ ...raw, allowedOverrideOrigins: ['http://cdn.example'] }, { acceptUnverified: true }).registry,
    ).toBeNull();
  });

  it.each([
    ['http://cdn.example'],
    ['https://localhost:3001'],
    ['http://localhost:3001'],
    ['https://app.localhost'],
    ['https://127.0.0.1'],
    ['https://127.8.9.10:8443'],
    ['https://[::1]:3001'],
    ['https://0.0.0.0'],
  ])('refuses an override origin %s, which is plain http or this machine', (origin) => {
    const raw = { environment: 'preview', remotes: verified, allowedOverrideOrigins: ['https://cdn.example', origin] };
    expect(problemsOf(raw)).toEqual([
      `"allowedOverrideOrigins" may list only https origins off this machine outside the local environment (refused: ${origin})`,
    ]);
    expect(validateRegistry({ ...raw, environment: 'local' }).problems).toEqual([]);
  });

  it('keeps https origins of other hosts', () => {
    const raw = {
      environment: 'preview',
      remotes: verified,
      allowedOverrideOrigins: ['https://cdn.example', 'https://127.example'],
    };
    expect(validateRegistry(raw).problems).toEqual([]);
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST.', 'a.localhost', '127.0.0.1', '127.255.0.1', '0.0.0.0', '[::1]', '[::]'])(
    'knows %s as this machine',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it('reads hosts as a URL normalises them: decimal, hex and IPv4-mapped forms of 127.0.0.1', () => {
    for (const origin of ['https://2130706433', 'https://0x7f.1', 'https://127.1', 'https://[::ffff:127.0.0.1]']) {
      expect(isLoopbackHost(new URL(origin).hostname)).toBe(true);
    }
  });

  it.each(['cdn.example', 'localhost.example', '128.0.0.1', '10.0.0.1', '[::2]', '[::ffff:a00:1]'])(
    'knows %s as another host',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});
