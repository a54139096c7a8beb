import { entryFileOf, parseManifest, readManifest } from './manifest.js';

/** A manifest as the federation plugin and this repository's build write it. */
const manifest = () => ({
  id: 'catalog',
  name: 'catalog',
  metaData: {
    globalName: 'catalog',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    ssrRemoteEntry: { name: 'remoteEntry.cjs', path: 'server', type: 'commonjs-module' },
    buildInfo: { buildVersion: '1.2.0', buildHash: 'abc123' },
    integrity: { 'remoteEntry.js': 'sha384-x' },
  },
  exposes: [
    {
      path: './HomePage',
      name: 'HomePage',
      requires: ['react'],
      assets: { js: { sync: ['home.js'], async: [] }, css: { sync: ['home.css'], async: [] } },
    },
  ],
  shared: [{ name: 'react', assets: { js: { sync: ['react.js'], async: [] } } }],
  compatibility: { schema: 1 },
  routes: [],
});

describe('reading an mf-manifest.json', () => {
  it('gives back a complete manifest as it is, with the fields it does not check', () => {
    const raw = manifest();
    expect(readManifest(raw)).toBe(raw);
    expect(parseManifest(JSON.stringify(raw))).toEqual(raw);
  });

  it('needs only metaData: a version published before exposes were completed still reads', () => {
    expect(readManifest({ metaData: { remoteEntry: { name: 'remoteEntry.js' } } })).toEqual({
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
    });
  });

  it.each([
    ['text', 'not a federation manifest (not a JSON object)'],
    [{}, 'metaData is missing'],
    [{ metaData: [] }, 'metaData must be an object'],
    [{ metaData: { remoteEntry: { path: '' } } }, 'metaData.remoteEntry.name is missing'],
    [{ metaData: { ssrRemoteEntry: { name: 'x.cjs', path: 3 } } }, 'metaData.ssrRemoteEntry.path must be a string'],
    [{ metaData: { buildInfo: { buildVersion: 1 } } }, 'metaData.buildInfo.buildVersion must be a string'],
    [{ metaData: { integrity: { 'a.js': null } } }, 'metaData.integrity["a.js"] must be a digest (a string)'],
    [{ metaData: {}, exposes: {} }, 'exposes must be a list'],
    [{ metaData: {}, exposes: [{ name: 'HomePage' }] }, 'exposes[0].path is missing'],
    [
      { metaData: {}, exposes: [{ path: './A', requires: 'react' }] },
      'exposes[0].requires must be a list of shared module names',
    ],
    [
      { metaData: {}, exposes: [{ path: './A', assets: { js: { sync: [1] } } }] },
      'exposes[0].assets.js.sync must be a list of file names',
    ],
    [{ metaData: {}, shared: [{ assets: {} }] }, 'shared[0].name is missing'],
  ])('refuses %j, naming what is wrong: %s', (raw, problem) => {
    expect(readManifest(raw)).toBe(problem);
  });

  it('says text that is not JSON is not', () => {
    expect(parseManifest('{ "metaData": ')).toMatch(/^not valid JSON \(/);
  });

  it("names an entry's file relative to the files' folder", () => {
    expect(entryFileOf({ name: 'remoteEntry.js', path: '' })).toBe('remoteEntry.js');
    expect(entryFileOf({ name: 'remoteEntry.cjs', path: 'server/' })).toBe('server/remoteEntry.cjs');
  });
});
