import { describeRegistryProblem, validateRegistry } from './registry.js';

const NAMES = ['catalog', 'auth', 'account'];
const remotes = {
  catalog: {
    entry: 'https://cdn.example/remote-catalog/1.2.0/mf-manifest.json',
    version: '1.2.0',
    previousVersions: ['1.1.0'],
  },
  auth: { entry: 'http://localhost:3002/mf-manifest.json' },
  account: { entry: '/deploy/remote-account/1.0.0/mf-manifest.json' },
};

const routePage = { expose: 'BlogPage', what: 'blog', layout: 'main', access: 'public', routes: [{ path: '/blog' }] };

/** @param {unknown} raw */
const problemsOf = (raw) =>
  validateRegistry(raw, NAMES).problems.map((problem) => describeRegistryProblem(problem, NAMES));

describe('validateRegistry', () => {
  it('accepts a complete registry with relative entries, and keeps fields it does not know', () => {
    const raw = {
      environment: 'staging',
      remotes,
      allowedOverrideOrigins: ['https://cdn.example'],
      deployBaseUrl: '/deploy/',
      note: 'x',
    };
    expect(validateRegistry(raw, NAMES)).toEqual({ registry: raw, problems: [] });
  });

  it('defaults the environment and the allow-list', () => {
    expect(validateRegistry({ remotes }, NAMES).registry).toMatchObject({
      environment: 'local',
      allowedOverrideOrigins: [],
    });
  });

  it.each([
    [null, ['must contain a JSON object']],
    [[], ['must contain a JSON object']],
    [{}, ['"remotes" must be an object']],
    [
      { remotes: { ...remotes, billing: { entry: 'x' } } },
      ['unknown remote(s): billing (known: catalog, auth, account)'],
    ],
    [{ remotes: { catalog: remotes.catalog, auth: remotes.auth } }, ['"remotes.account" is missing']],
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
      { remotes, allowedOverrideOrigins: ['https://cdn.example/path'] },
      ['"allowedOverrideOrigins" must be a list of origins such as "https://cdn.example.com"'],
    ],
    [
      { remotes, allowedOverrideOrigins: 'https://a' },
      ['"allowedOverrideOrigins" must be a list of origins such as "https://cdn.example.com"'],
    ],
    [{ remotes, environment: '' }, ['"environment" must be a non-empty string']],
    [{ remotes, deployBaseUrl: 5 }, ['"deployBaseUrl" must be an http(s) URL or a path']],
    [{ remotes, deployBaseUrl: 'javascript:void 0' }, ['"deployBaseUrl" must be an http(s) URL or a path']],
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
          catalog: { entry: 'x', routes: [{ ...routePage, expose: 'ListingPage' }] },
          account: { entry: 'y', routes: [routePage] },
        },
      },
      ['path /blog is served by both catalog and account'],
    ],
  ])('refuses %j, naming every offending field', (raw, messages) => {
    expect(problemsOf(raw)).toEqual(messages);
    expect(validateRegistry(raw, NAMES).registry).toBeNull();
  });
});
