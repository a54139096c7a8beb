import { hintRemoteFiles, pageFiles, remoteFiles } from './remote-files.js';

const manifest = (metaData: Record<string, unknown>) => ({
  metaData: { globalName: 'catalog', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, ...metaData },
  exposes: [
    {
      path: './HomePage',
      assets: {
        js: { sync: ['__federation_expose_HomePage.js'], async: ['194.js'] },
        css: { sync: ['HomePage.css'], async: [] },
      },
    },
  ],
});

describe("a remote's files", () => {
  it('are resolved beside the manifest when it says "auto", under its publicPath otherwise', () => {
    expect(
      remoteFiles(manifest({ publicPath: 'auto' }), 'https://cdn.example/catalog/1.2.0/mf-manifest.json', './HomePage'),
    ).toEqual({
      entry: { url: 'https://cdn.example/catalog/1.2.0/remoteEntry.js', type: 'global', globalName: 'catalog' },
      scripts: [
        'https://cdn.example/catalog/1.2.0/__federation_expose_HomePage.js',
        'https://cdn.example/catalog/1.2.0/194.js',
      ],
      styles: ['https://cdn.example/catalog/1.2.0/HomePage.css'],
      requires: [],
      sharedScripts: {},
    });
    expect(
      remoteFiles(
        manifest({ publicPath: 'https://static.example/c/', remoteEntry: { name: 'remoteEntry.js', path: 'entry/' } }),
        'https://cdn.example/catalog/mf-manifest.json',
      ),
    ).toEqual({
      entry: { url: 'https://static.example/c/entry/remoteEntry.js', type: 'global', globalName: 'catalog' },
      scripts: [],
      styles: [],
      requires: [],
      sharedScripts: {},
    });
  });

  it('name no entry for a manifest without one, and no files for a page it does not list', () => {
    expect(remoteFiles({ exposes: [] }, 'https://cdn.example/mf-manifest.json', './HomePage')).toEqual({
      entry: undefined,
      scripts: [],
      styles: [],
      requires: [],
      sharedScripts: {},
    });
    expect(remoteFiles(null, 'https://cdn.example/mf-manifest.json', './HomePage').entry).toBeUndefined();
    expect(remoteFiles(manifest({}), 'https://cdn.example/mf-manifest.json', './ListingPage').scripts).toEqual([]);
  });

  it("list the shared modules a page imports, with the remote's own files for each", () => {
    const raw = {
      ...manifest({}),
      exposes: [{ path: './SignInPage', requires: ['react', 'react-hook-form'], assets: {} }],
      shared: [
        { name: 'react', assets: { js: { sync: ['121.js'], async: [] } } },
        { name: 'react-hook-form', assets: { js: { sync: ['356.js'], async: ['357.js'] } } },
        { name: 'axios', assets: { js: { sync: ['223.js'], async: [] } } },
      ],
    };
    expect(remoteFiles(raw, 'https://cdn.example/auth/mf-manifest.json', './SignInPage')).toMatchObject({
      requires: ['react', 'react-hook-form'],
      sharedScripts: {
        react: ['https://cdn.example/auth/121.js'],
        'react-hook-form': ['https://cdn.example/auth/356.js', 'https://cdn.example/auth/357.js'],
      },
    });
  });

  it("for a page, take the shell's copy of each shared module the shell provides and the remote's of the others", () => {
    const raw = {
      ...manifest({}),
      exposes: [
        {
          path: './SignInPage',
          requires: ['react', 'axios', 'react-hook-form'],
          assets: { js: { sync: ['page.js'], async: [] }, css: { sync: [], async: [] } },
        },
      ],
      shared: [
        { name: 'react', assets: { js: { sync: ['121.js'], async: [] } } },
        { name: 'axios', assets: { js: { sync: ['223.js'], async: [] } } },
        { name: 'react-hook-form', assets: { js: { sync: ['356.js'], async: [] } } },
      ],
    };
    expect(
      pageFiles(raw, 'https://cdn.example/auth/mf-manifest.json', './SignInPage', { react: [], axios: ['/9.js'] })
        .scripts,
    ).toEqual(['https://cdn.example/auth/page.js', '/9.js', 'https://cdn.example/auth/356.js']);
  });

  it('are hinted once each, scripts as scripts and styles as styles', () => {
    const files = remoteFiles(manifest({}), 'https://cdn.example/mf-manifest.json', './HomePage');
    hintRemoteFiles(files);
    hintRemoteFiles(files);
    expect(
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.as, link.href]),
    ).toEqual([
      ['script', 'https://cdn.example/remoteEntry.js'],
      ['script', 'https://cdn.example/__federation_expose_HomePage.js'],
      ['script', 'https://cdn.example/194.js'],
      ['style', 'https://cdn.example/HomePage.css'],
    ]);
  });

  it('are prefetched, not preloaded, for a page the visitor may open next, and preloaded once it is opened', () => {
    document.head.innerHTML = '';
    const files = remoteFiles(manifest({}), 'https://cdn.example/mf-manifest.json', './HomePage');
    hintRemoteFiles(files, true);
    hintRemoteFiles(files, true);
    expect([...document.head.querySelectorAll<HTMLLinkElement>('link')].map((link) => link.rel)).toEqual([
      'prefetch',
      'prefetch',
      'prefetch',
      'prefetch',
    ]);
    hintRemoteFiles(files);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(4);
    document.head.innerHTML = '';
  });

  it("leaves out a stylesheet the page already links (a prerendered page's), which a hint would fetch again", () => {
    document.head.innerHTML = '<link rel="stylesheet" href="https://cdn.example/HomePage.css">';
    hintRemoteFiles(remoteFiles(manifest({}), 'https://cdn.example/mf-manifest.json', './HomePage'));
    expect([...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.as)).toEqual([
      'script',
      'script',
      'script',
    ]);
    document.head.innerHTML = '';
  });

  it("are hinted as they will be requested: the remote's own CORS-mode, with their digests only when the pin has one", () => {
    document.head.innerHTML = '';
    const digest = (c: string) => `sha384-${c.repeat(64)}`;
    const raw = manifest({
      publicPath: 'auto',
      integrity: {
        'remoteEntry.js': digest('e'),
        '__federation_expose_HomePage.js': digest('p'),
        'HomePage.css': digest('s'),
      },
    });
    const url = 'https://cdn.example/catalog/1.2.0/mf-manifest.json';
    const hints = () =>
      [...document.head.querySelectorAll('link')].map((link) => [
        link.href.split('/').pop(),
        link.crossOrigin,
        link.integrity || undefined,
      ]);
    // Unverified (no digest pinned): the loader and the remote's runtime load every file without one.
    hintRemoteFiles(pageFiles(raw, url, './HomePage', {}, false));
    expect(hints()).toEqual([
      ['remoteEntry.js', null, undefined],
      ['__federation_expose_HomePage.js', 'anonymous', undefined],
      ['194.js', 'anonymous', undefined],
      ['HomePage.css', 'anonymous', undefined],
    ]);
    document.head.innerHTML = '';
    hintRemoteFiles(pageFiles(raw, url, './HomePage', {}, true));
    expect(hints()).toEqual([
      ['remoteEntry.js', 'anonymous', digest('e')],
      ['__federation_expose_HomePage.js', 'anonymous', digest('p')],
      ['194.js', 'anonymous', undefined],
      ['HomePage.css', 'anonymous', digest('s')],
    ]);
  });
});
