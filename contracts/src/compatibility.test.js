import { checkCompatibility, describeProblem, readRecord, requiredRange } from './compatibility.js';

/** @typedef {import('./compatibility.js').CompatibilityRecord} CompatibilityRecord */

/** @type {CompatibilityRecord} A shell build as the build writes it: react-router cut down, the shared package with its exports. */
const shell = {
  schema: 1,
  kind: 'host',
  name: 'shell',
  version: '1.0.0',
  federationRuntime: '2.9.2',
  singletons: {
    react: { version: '19.2.3', requiredVersion: '^19.2.0' },
    'react-router': { version: '7.18.5', requiredVersion: '^7.18.0' },
    '@devhub/shared/strings': { version: '0.1.0', requiredVersion: '^0.1.0' },
  },
  exports: {
    'react-router': ['Link', 'useSearchParams'],
    '@devhub/shared/strings': ['PAGE_TITLES', 'SHELL_TEXT'],
  },
  requires: { catalog: ['./HomePage', './ListingPage'] },
};

/** @returns {CompatibilityRecord} A catalog build that fits that shell. */
const catalog = () => ({
  schema: 1,
  kind: 'remote',
  name: 'catalog',
  version: '1.0.0',
  federationRuntime: '2.9.2',
  singletons: {
    react: { version: '19.2.0', requiredVersion: '^19.2.0' },
    'react-router': { version: '7.18.5', requiredVersion: '^7.18.0' },
    '@devhub/shared/strings': { version: '0.1.0', requiredVersion: '^0.1.0' },
    'react-hook-form': { version: '7.66.0', requiredVersion: '^7.66.0' },
  },
  exports: { 'react-router': ['Link'], '@devhub/shared/strings': ['PAGE_TITLES'], react: ['useState'] },
  exposes: ['./HomePage', './ListingPage'],
});

describe('requiredRange', () => {
  it('accepts the feature level a build was made with, up to the next breaking version', () => {
    expect(requiredRange('19.2.3')).toBe('^19.2.0');
    expect(requiredRange('2.9.2')).toBe('^2.9.0');
    // Below 1.0 a minor breaks and a patch adds: the patch is the feature level.
    expect(requiredRange('0.1.3')).toBe('^0.1.3');
    expect(() => requiredRange('latest')).toThrow('"latest" is not a semver version');
  });
});

describe('checkCompatibility', () => {
  it('finds nothing wrong with a remote that fits, and ignores singletons the shell does not provide', () => {
    expect(checkCompatibility('catalog', shell, catalog())).toEqual([]);
  });

  it('refuses a remote without a record, or with a record of another schema', () => {
    expect(checkCompatibility('catalog', shell, undefined)).toEqual([
      expect.objectContaining({ kind: 'record', provides: 'no compatibility record' }),
    ]);
    expect(checkCompatibility('catalog', shell, { ...catalog(), schema: 2 })[0]).toMatchObject({
      kind: 'record',
      provides: 'compatibility record schema 2, expected 1',
    });
  });

  it('names an export of @devhub/shared the shell copy lacks', () => {
    const remote = catalog();
    remote.exports['@devhub/shared/strings'] = ['PAGE_TITLES', 'CATALOG_BANNER'];
    expect(checkCompatibility('catalog', shell, remote)).toEqual([
      {
        kind: 'export',
        remote: 'catalog',
        dependency: '@devhub/shared/strings',
        needs: 'CATALOG_BANNER',
        provides: '0.1.0',
      },
    ]);
  });

  it('names a react-router export the shell does not ship, and a whole-module import', () => {
    const remote = catalog();
    remote.exports['react-router'] = ['Link', 'useBlocker'];
    remote.exports['@devhub/shared/strings'] = ['*'];
    expect(checkCompatibility('catalog', shell, remote).map((problem) => [problem.dependency, problem.needs])).toEqual([
      ['react-router', 'useBlocker'],
      ['@devhub/shared/strings', '*'],
    ]);
  });

  it('refuses a singleton range the shell version does not satisfy', () => {
    const remote = catalog();
    remote.singletons['@devhub/shared/strings'] = { version: '0.2.0', requiredVersion: '^0.2.0' };
    remote.singletons.react = { version: '20.0.0', requiredVersion: '^20.0.0' };
    expect(checkCompatibility('catalog', shell, remote)).toEqual([
      { kind: 'singleton', remote: 'catalog', dependency: 'react', needs: '^20.0.0', provides: '19.2.3' },
      {
        kind: 'singleton',
        remote: 'catalog',
        dependency: '@devhub/shared/strings',
        needs: '^0.2.0',
        provides: '0.1.0',
      },
    ]);
  });

  it('accepts a compatible patch of a shared library the remote was built against', () => {
    const remote = catalog();
    remote.singletons['@devhub/shared/strings'] = { version: '0.1.0', requiredVersion: '^0.1.0' };
    expect(
      checkCompatibility(
        'catalog',
        {
          ...shell,
          singletons: {
            ...shell.singletons,
            '@devhub/shared/strings': { version: '0.1.4', requiredVersion: '^0.1.4' },
          },
        },
        remote,
      ),
    ).toEqual([]);
  });

  it('matches versions as semver does: pre-releases, alternatives, and nonsense refused rather than waved through', () => {
    /** @param {string} version @param {string} requiredVersion */
    const fitsReact = (version, requiredVersion) =>
      checkCompatibility(
        'catalog',
        { ...shell, singletons: { ...shell.singletons, react: { version, requiredVersion: '^19.0.0' } } },
        { ...catalog(), singletons: { react: { version: '19.2.0', requiredVersion } } },
      ).length === 0;
    expect(fitsReact('19.3.1', '^19.2.0')).toBe(true);
    expect(fitsReact('19.1.9', '^19.2.0')).toBe(false);
    expect(fitsReact('19.2.0-rc.1', '^19.2.0')).toBe(false);
    expect(fitsReact('18.3.1', '^18.3.0 || ^19.0.0')).toBe(true);
    expect(fitsReact('19.3.1', '>=19.2.0 <19.3.0')).toBe(false);
    expect(fitsReact('latest', '^19.2.0')).toBe(false);
    expect(fitsReact('19.3.1', '')).toBe(false);
    expect(fitsReact('19.3.1', 'not a range')).toBe(false);
  });

  it('refuses a remote built with a newer federation runtime feature level or another major', () => {
    expect(checkCompatibility('catalog', shell, { ...catalog(), federationRuntime: '2.10.0' })).toEqual([
      {
        kind: 'runtime',
        remote: 'catalog',
        dependency: '@module-federation/runtime-core',
        needs: '^2.10.0',
        provides: '2.9.2',
      },
    ]);
    expect(checkCompatibility('catalog', shell, { ...catalog(), federationRuntime: '1.4.0' })[0]).toMatchObject({
      kind: 'runtime',
      needs: '^1.4.0',
    });
    // An older feature level of the same major runs on the newer runtime.
    expect(checkCompatibility('catalog', shell, { ...catalog(), federationRuntime: '2.8.5' })).toEqual([]);
  });

  it('names a module the shell routes need that the remote does not expose', () => {
    expect(checkCompatibility('catalog', shell, { ...catalog(), exposes: ['./HomePage'] })).toEqual([
      expect.objectContaining({ kind: 'expose', dependency: './ListingPage' }),
    ]);
  });
});

describe('describeProblem', () => {
  it('puts each problem on one line naming the remote, the dependency, the need and what the shell has', () => {
    const remote = catalog();
    remote.exports['@devhub/shared/strings'] = ['CATALOG_BANNER'];
    remote.exports['react-router'] = ['*'];
    remote.federationRuntime = '3.0.0';
    remote.exposes = [];
    expect(checkCompatibility('catalog', shell, remote).map(describeProblem)).toEqual([
      'catalog: needs @module-federation/runtime-core ^3.0.0; the shell provides 2.9.2',
      'catalog: imports all of react-router; the shell ships react-router 7.18.5 with only some of its exports',
      'catalog: needs export "CATALOG_BANNER" of @devhub/shared/strings; the shell ships @devhub/shared/strings 0.1.0 without it',
      "catalog: does not expose ./HomePage, which the shell's routes load",
      "catalog: does not expose ./ListingPage, which the shell's routes load",
    ]);
  });
});

describe('readRecord', () => {
  it.each([
    [null, 'no compatibility record'],
    [{ ...shell, kind: 'other' }, 'compatibility record without a kind'],
    [{ ...shell, version: 1 }, 'compatibility record without "version"'],
    [
      { ...shell, singletons: { react: { version: '19.0.0' } } },
      'compatibility record: singleton "react" needs a version and a requiredVersion',
    ],
    [{ ...shell, exports: { react: 'all' } }, 'compatibility record: "exports" must map modules to export names'],
    [{ ...shell, requires: { catalog: 'x' } }, 'compatibility record: "requires" must map remotes to exposes'],
  ])('explains why %j is not a record', (raw, reason) => {
    expect(readRecord(raw)).toBe(reason);
  });
});
