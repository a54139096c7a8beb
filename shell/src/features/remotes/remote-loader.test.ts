import { webcrypto } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { IncompatibleRemoteError, TamperedRemoteError } from './remote-errors';
import { readShellBuild } from './shell-record';
import { BOOT_ISLAND_ID, islandText, readBootIsland } from '../../lib/boot-island';
import { server } from '../../../../test-support/msw-server';
import {
  REGISTRY,
  environmentHandlers,
  SHELL_BUILD,
  SHELL_RECORD,
  hungRegistry,
  manifestUrl,
  remoteEntryUrl,
  remoteManifest,
} from '../../test/federation-fixtures';
import { HomePage, freshLoader, registration } from '../../test/fresh-loader';

describe('the remote loader', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads the registry once, registers a remote with the runtime once its manifest is checked, and loads a page once', async () => {
    let registryReads = 0;
    server.use(
      http.get('http://localhost/remotes.json', () => {
        registryReads += 1;
        return HttpResponse.json(REGISTRY);
      }),
      ...environmentHandlers(),
    );
    let pageRuns = 0;
    const { loader, runtime } = freshLoader({}, SHELL_BUILD, {
      'catalog/HomePage': () => {
        pageRuns += 1;
        return { HomePage };
      },
    });
    loader.startRemotes();
    await loader.inspectRemote('account');
    expect(runtime.registerRemotes.mock.calls).toEqual([registration('account')]);

    await expect(loader.loadPage('catalog/HomePage')).resolves.toBe(HomePage);
    await loader.loadPage('catalog/HomePage');
    await loader.loadPage('catalog/ListingPage').catch(() => undefined);
    expect(registryReads).toBe(1);
    expect(runtime.registerRemotes.mock.calls).toEqual([registration('account'), registration('catalog')]);
    expect(pageRuns).toBe(1);
    expect(loader.loadedPage('catalog/HomePage')).toBe(HomePage);
  });

  it('loads a page of a remote the registry names and this shell was built without', async () => {
    const forumPage = { ForumPage: HomePage };
    server.use(
      ...environmentHandlers({ ...REGISTRY, remotes: { ...REGISTRY.remotes, forum: { entry: manifestUrl('forum') } } }),
    );
    const { loader, runtime, status } = freshLoader({}, SHELL_BUILD, { 'forum/ForumPage': forumPage });
    loader.startRemotes();
    await expect(loader.loadPage('forum/ForumPage')).resolves.toBe(HomePage);
    expect(runtime.registerRemotes.mock.calls).toEqual([registration('forum')]);
    expect(status.statusOf('forum')).toMatchObject({ state: 'loaded', entry: manifestUrl('forum') });
  });

  it("fails only the pages of a remote that is down, naming it; another remote's pages load", async () => {
    server.use(
      http.get('http://localhost:3004/mf-manifest.json', () => HttpResponse.error()),
      ...environmentHandlers({
        ...REGISTRY,
        remotes: { ...REGISTRY.remotes, forum: { entry: 'http://localhost:3004/mf-manifest.json' } },
      }),
    );
    const { loader } = freshLoader({}, SHELL_BUILD, {
      'forum/ForumPage': { ForumPage: HomePage },
      'catalog/HomePage': { HomePage },
    });
    loader.startRemotes();
    await expect(loader.loadPage('forum/ForumPage')).rejects.toThrow(
      'forum: không tải được manifest http://localhost:3004/mf-manifest.json (mất kết nối)',
    );
    await expect(loader.loadPage('catalog/HomePage')).resolves.toBe(HomePage);
  });

  it('loads nothing for a remote the registry does not name, and says so', async () => {
    server.use(...environmentHandlers());
    const { loader, runtime } = freshLoader({}, SHELL_BUILD, { 'forum/ForumPage': { ForumPage: HomePage } });
    loader.startRemotes();
    await expect(loader.loadPage('forum/ForumPage')).rejects.toThrow('remotes.json không ghim remote "forum"');
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });

  it('does not run a remote whose build does not fit this shell, and says why in Vietnamese and in the console', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(manifestUrl('catalog'), () =>
        HttpResponse.json(remoteManifest('catalog', { exports: { '@devhub/shared/strings': ['CATALOG_BANNER'] } })),
      ),
      ...environmentHandlers(),
    );
    const { loader, runtime, status } = freshLoader();
    loader.startRemotes();

    const failure = loader.loadPage('catalog/HomePage');
    await expect(failure).rejects.toBeInstanceOf(IncompatibleRemoteError);
    await expect(failure).rejects.toMatchObject({
      problems: [
        'catalog cần export "CATALOG_BANNER" của @devhub/shared/strings, bản @devhub/shared/strings 0.1.0 của shell không có',
      ],
    });
    // The runtime never learns of it.
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('needs export "CATALOG_BANNER" of @devhub/shared/strings'),
    );
    expect(status.statusOf('catalog')).toMatchObject({
      state: 'failed',
      version: '1.2.0',
      problems: [expect.any(String)],
    });
  });

  it("works from the shell build the page's island describes", async () => {
    server.use(...environmentHandlers());
    const page = document.implementation.createHTMLDocument();
    page.head.innerHTML = `<script type="application/json" id="${BOOT_ISLAND_ID}">${islandText({
      compatibility: SHELL_RECORD,
      sharedFiles: { axios: ['/9.js'] },
    })}</script>`;
    const { loader } = freshLoader({}, readShellBuild(readBootIsland(page)));
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    loader.startRemotes();
    await expect(loader.loadPage('catalog/HomePage')).resolves.toBe(HomePage);
    // The page's axios comes from the shell's file the page listed, not the remote's own copy.
    const hinted = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);
    expect(hinted).toContain('http://localhost/9.js');
    expect(hinted).not.toContain('http://localhost/catalog/axios.js');
  });

  it('refuses every remote when index.html carries no record of the shell build', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...environmentHandlers());
    const { loader, runtime } = freshLoader({}, readShellBuild({}));
    loader.startRemotes();
    await expect(loader.loadPage('catalog/HomePage')).rejects.toBeInstanceOf(IncompatibleRemoteError);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });

  it('refuses a module without the component the table names', async () => {
    server.use(...environmentHandlers());
    const { loader } = freshLoader({}, SHELL_BUILD, { 'catalog/HomePage': { default: HomePage } });
    loader.startRemotes();
    await expect(loader.loadPage('catalog/HomePage')).rejects.toThrow(
      'catalog/HomePage không có component tên "HomePage"',
    );
  });

  it('runs nothing of a manifest that lacks a field it relies on, and names the field in the console', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { metaData: _metaData, ...withoutMetaData } = remoteManifest('catalog');
    server.use(
      http.get(manifestUrl('catalog'), () => HttpResponse.json(withoutMetaData)),
      ...environmentHandlers(),
    );
    const { loader, runtime } = freshLoader();
    loader.startRemotes();
    await expect(loader.loadPage('catalog/HomePage')).rejects.toThrow(
      `manifest ${manifestUrl('catalog')} không phải JSON hợp lệ`,
    );
    expect(errors).toHaveBeenCalledWith(`[shell] catalog was not run: ${manifestUrl('catalog')}: metaData is missing`);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });

  it('keeps no failure: a retry reads the manifest again and registers the remote anew', async () => {
    let manifestReads = 0;
    server.use(
      http.get(manifestUrl('catalog'), () => {
        manifestReads += 1;
        return manifestReads === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json(remoteManifest('catalog'));
      }),
      ...environmentHandlers(),
    );
    const { loader, runtime } = freshLoader();
    loader.startRemotes();

    await expect(loader.loadPage('catalog/HomePage')).rejects.toThrow(
      `catalog: không tải được manifest ${manifestUrl('catalog')} (HTTP 503)`,
    );
    await expect(loader.loadPage('catalog/HomePage', { fresh: true })).resolves.toBe(HomePage);
    expect(manifestReads).toBe(2);
    expect(runtime.registerRemotes.mock.calls).toEqual([registration('catalog')]);
    await loader.loadPage('catalog/ListingPage', { fresh: true }).catch(() => undefined);
    // A retry registers the remote anew.
    expect(runtime.registerRemotes.mock.calls).toEqual([registration('catalog'), registration('catalog')]);
  });

  it('gives up on a registry that hangs, and a retry loads the page once the registry answers', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(hungRegistry);
    const { loader, status } = freshLoader({ timeoutMs: 50 });
    loader.startRemotes();

    await expect(loader.loadPage('catalog/HomePage')).rejects.toThrow(
      'Không đọc được danh sách remote (remotes.json): /remotes.json không phản hồi sau 0.05 giây',
    );
    expect(status.store.getState().registry).toEqual({
      state: 'failed',
      error: '/remotes.json không phản hồi sau 0.05 giây',
    });

    server.resetHandlers(...environmentHandlers());
    await expect(loader.loadPage('catalog/HomePage', { fresh: true })).resolves.toBe(HomePage);
    expect(status.store.getState().registry).toEqual({ state: 'ready', environment: 'local' });
  });

  it("prefetches a page's files (the entry, its chunks and styles) only for remotes that fit, and only once the registry is in", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(manifestUrl('auth'), () => HttpResponse.json(remoteManifest('auth', { federationRuntime: '3.0.0' }))),
      ...environmentHandlers(),
    );
    // A page the visitor may open next: fetched at idle priority (a preload never used earns a warning).
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => [link.as, link.href]);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    let ran = false;
    const { loader } = freshLoader({}, SHELL_BUILD, {
      'catalog/ListingPage': () => {
        ran = true;
        return { ListingPage: HomePage };
      },
    });
    await loader.preloadPage('catalog/ListingPage');
    expect(preloads()).toEqual([]);

    loader.startRemotes();
    await loader.preloadPage('catalog/ListingPage');
    await loader.preloadPage('catalog/ListingPage');
    await expect(loader.preloadPage('auth/SignInPage')).rejects.toBeInstanceOf(IncompatibleRemoteError);
    expect(preloads()).toEqual([
      ['script', remoteEntryUrl('catalog')],
      ['script', 'http://localhost/catalog/__federation_expose_ListingPage.js'],
      ['script', 'http://localhost/catalog/ListingPage-data.js'],
      ['script', 'http://localhost/catalog/react-hook-form.js'],
      ['script', 'http://localhost/223.js'],
      ['style', 'http://localhost/catalog/__federation_expose_ListingPage.css'],
    ]);
    // Nothing of the page runs.
    expect(ran).toBe(false);
  });

  it("fetches a page's shared modules with the page: the shell's copy of those it provides, the remote's copy of the others", async () => {
    server.use(...environmentHandlers());
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    const hinted = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);
    let hintedBeforeThePageRan: string[] = [];
    const { loader } = freshLoader({}, SHELL_BUILD, {
      'catalog/HomePage': () => {
        hintedBeforeThePageRan = hinted();
        return { HomePage };
      },
    });
    loader.startRemotes();

    await expect(loader.loadPage('catalog/HomePage')).resolves.toBe(HomePage);
    expect(hintedBeforeThePageRan).toEqual(
      expect.arrayContaining(['http://localhost/catalog/react-hook-form.js', 'http://localhost/223.js']),
    );
    expect(hinted()).not.toContain('http://localhost/catalog/react.js');
    expect(hinted()).not.toContain('http://localhost/catalog/axios.js');
  });

  describe('with digests pinned', () => {
    // jsdom has no WebCrypto digest: Node's stands in for the browser's.
    beforeAll(() => {
      if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
    });
    const body = () => JSON.stringify(remoteManifest('catalog'));
    const digest = async (text: string) => {
      const bytes = new Uint8Array(await crypto.subtle.digest('SHA-384', new TextEncoder().encode(text)));
      return `sha384-${btoa(String.fromCharCode(...bytes))}`;
    };
    const pinned = (integrity: string | undefined, version = '1.2.0') => ({
      ...REGISTRY,
      remotes: { ...REGISTRY.remotes, catalog: { entry: manifestUrl('catalog'), version, integrity } },
    });
    const serveCatalog = (text: string, registry: unknown) =>
      server.use(
        http.get(
          manifestUrl('catalog'),
          () => new HttpResponse(text, { headers: { 'content-type': 'application/json' } }),
        ),
        ...environmentHandlers(registry as never),
      );

    it.each([
      [10, 'http://localhost/candidate/catalog/remoteEntry.js'],
      [50, remoteEntryUrl('catalog')],
    ])(
      "runs a remote's candidate for a browser whose bucket (%d) is below its percent, else the stable pin",
      async (visitorBucket, entry) => {
        const candidate = {
          entry: 'http://localhost/candidate/catalog/mf-manifest.json',
          version: '1.3.0',
          integrity: await digest(body()),
          percent: 50,
        };
        server.use(
          http.get(
            candidate.entry,
            () => new HttpResponse(body(), { headers: { 'content-type': 'application/json' } }),
          ),
          ...environmentHandlers({
            ...REGISTRY,
            remotes: { ...REGISTRY.remotes, catalog: { ...REGISTRY.remotes.catalog, candidate } },
          }),
        );
        const { loader, runtime } = freshLoader({ visitorBucket });
        loader.startRemotes();
        await expect(loader.loadPage('catalog/HomePage')).resolves.toBe(HomePage);
        expect(runtime.registerRemotes.mock.calls).toEqual([registration('catalog', entry)]);
        // A page rendered ahead of time with the stable pins is hydrated for the stable visitor only.
        expect((await loader.pinnedEntries())?.catalog).toBe(
          visitorBucket < candidate.percent ? candidate.entry : REGISTRY.remotes.catalog.entry,
        );
      },
    );

    it('runs a manifest whose bytes have the pinned digest, and says it was verified', async () => {
      serveCatalog(body(), pinned(await digest(body())));
      const { loader, runtime, status } = freshLoader();
      loader.startRemotes();
      await expect(loader.loadPage('catalog/HomePage')).resolves.toBe(HomePage);
      expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
      expect(status.statusOf('catalog')).toMatchObject({ state: 'loaded', integrity: 'verified' });
      expect(status.statusOf('auth').integrity).toBeUndefined();
    });

    it('never runs a manifest changed after it was pinned, naming both digests', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const expected = await digest(body());
      serveCatalog(`${body()} `, pinned(expected));
      const { loader, runtime, status } = freshLoader();
      loader.startRemotes();
      const failure = loader.loadPage('catalog/HomePage');
      await expect(failure).rejects.toBeInstanceOf(TamperedRemoteError);
      await expect(failure).rejects.toThrow(`manifest ${manifestUrl('catalog')} không phải bản đã được ghim`);
      expect(runtime.registerRemotes).not.toHaveBeenCalled();
      expect(status.statusOf('catalog')).toMatchObject({
        state: 'failed',
        integrity: 'failed',
        mismatch: { file: manifestUrl('catalog'), expected, actual: await digest(`${body()} `) },
      });
    });

    it('refuses a published version pinned without a digest (fail closed), and runs a dev entry unverified', async () => {
      serveCatalog(body(), pinned(undefined));
      const { loader, runtime, status } = freshLoader();
      loader.startRemotes();
      await expect(loader.loadPage('catalog/HomePage')).rejects.toThrow('được ghim mà không có mã băm');
      expect(runtime.registerRemotes).not.toHaveBeenCalled();
      expect(status.statusOf('catalog').integrity).toBe('failed');
      await expect(loader.loadPage('account/ProfilePage')).rejects.toThrow();
      expect(status.statusOf('account').integrity).toBe('unverified');
    });

    it('outside the local environment, runs no pin without a digest, even a dev entry without a version', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const registry = { ...REGISTRY, environment: 'preview', allowedOverrideOrigins: [] };
      serveCatalog(body(), registry);
      const { loader, runtime } = freshLoader();
      loader.startRemotes();
      await expect(loader.loadPage('catalog/HomePage')).rejects.toThrow();
      await expect(loader.loadPage('account/ProfilePage')).rejects.toThrow();
      expect(runtime.registerRemotes).not.toHaveBeenCalled();
    });
  });
});
