import { expectationOf } from './pin-expectation';

const DIGEST = `sha384-${'A'.repeat(64)}`;
const ENTRY = 'https://cdn.example/remote-catalog/1.0.0/mf-manifest.json';

describe("a pin's expectation", () => {
  it.each(['preview', 'production', 'e2e'])(
    'requires a digest of every pin in %s, with a version or without (fail closed)',
    (environment) => {
      expect(expectationOf({ entry: ENTRY }, environment, false)).toEqual({ integrity: undefined, required: true });
      expect(expectationOf({ entry: ENTRY, version: '1.0.0' }, environment, false)).toMatchObject({ required: true });
      expect(expectationOf(undefined, environment, false)).toMatchObject({ required: true });
    },
  );

  it("checks the registry's digest wherever one is pinned", () => {
    expect(expectationOf({ entry: ENTRY, integrity: DIGEST }, 'production', false)).toEqual({
      integrity: DIGEST,
      required: true,
    });
    expect(expectationOf({ entry: ENTRY, integrity: DIGEST }, 'local', false)).toEqual({
      integrity: DIGEST,
      required: false,
    });
  });

  it("lets only a local dev server's entry and a confirmed override run unverified", () => {
    expect(expectationOf({ entry: '//localhost:3001/mf-manifest.json' }, 'local', false)).toEqual({
      integrity: undefined,
      required: false,
    });
    expect(expectationOf({ entry: ENTRY, version: '1.0.0' }, 'local', false)).toMatchObject({ required: true });
    expect(expectationOf({ entry: ENTRY, integrity: DIGEST }, 'production', true)).toEqual({ required: false });
  });
});
