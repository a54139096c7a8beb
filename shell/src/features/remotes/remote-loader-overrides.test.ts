import { http, HttpResponse } from 'msw';
import { confirmProposal } from './overrides';
import { server } from '../../../../test-support/msw-server';
import { environmentHandlers, manifestUrl, remoteManifest } from '../../test/federation-fixtures';
import { HomePage, freshLoader, registration } from '../../test/fresh-loader';

// The remote loader with per-browser overrides (overrides.ts): proposed by a link, confirmed in the
// panel, refused off the registry's allow-list, and their code loaded only where a page can have one.

describe('the remote loader with overrides', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => jest.restoreAllMocks());

  it('only proposes an allowed override from the URL: the pins load until the visitor confirms it; a refused one is told, the URL cleaned', async () => {
    const override = 'http://localhost:3101/mf-manifest.json';
    let overrideReads = 0;
    server.use(
      ...environmentHandlers(),
      http.get(override, () => {
        overrideReads += 1;
        return HttpResponse.json(remoteManifest('catalog'));
      }),
    );
    window.history.replaceState(
      null,
      '',
      `/blog?tag=React&mf-override=${encodeURIComponent(`catalog@${override}`)}&mf-override=${encodeURIComponent('auth@https://evil.example/x.json')}`,
    );
    const onRefusedOverrides = jest.fn();
    const { loader, runtime, status } = freshLoader({ onRefusedOverrides });
    loader.startRemotes();
    await expect(loader.loadPage('catalog/HomePage')).resolves.toBe(HomePage);

    expect(runtime.registerRemotes.mock.calls).toEqual([registration('catalog')]);
    expect(overrideReads).toBe(0);
    expect(status.store.getState().proposals).toEqual({ catalog: override });
    expect(status.statusOf('catalog')).toMatchObject({ entry: manifestUrl('catalog'), override: undefined });
    expect(onRefusedOverrides).toHaveBeenCalledWith([
      { value: 'auth', reason: 'nguồn không nằm trong danh sách cho phép của remotes.json' },
    ]);
    expect(window.location.pathname + window.location.search).toBe('/blog?tag=React');

    // Confirmed in the panel: from the next load, the override's entry is registered in place of the pin.
    expect(confirmProposal('catalog', override)).toBe(true);
    const next = freshLoader();
    next.loader.startRemotes();
    await next.loader.inspectRemote('catalog');
    expect(next.runtime.registerRemotes.mock.calls).toEqual([
      registration('catalog', 'http://localhost:3101/remoteEntry.js'),
    ]);
    expect(next.status.statusOf('catalog')).toMatchObject({ entry: manifestUrl('catalog'), override });
    expect(next.status.store.getState().proposals).toEqual({});
  });

  it('loads the override code only on a page that can have an override: none on a plain page, once a link proposes one', async () => {
    server.use(...environmentHandlers());
    const loads = jest.fn();
    jest.doMock('./page-overrides', () => {
      loads();
      return jest.requireActual('./page-overrides');
    });
    try {
      const plain = freshLoader();
      plain.loader.startRemotes();
      await plain.loader.loadPage('catalog/HomePage');
      expect(loads).not.toHaveBeenCalled();

      const override = encodeURIComponent('catalog@http://localhost:3101/mf-manifest.json');
      window.history.replaceState(null, '', `/?mf-override=${override}`);
      const proposed = freshLoader();
      proposed.loader.startRemotes();
      await proposed.loader.loadPage('catalog/HomePage');
      expect(loads).toHaveBeenCalledTimes(1);
      expect(proposed.status.store.getState().proposals).toEqual({ catalog: 'http://localhost:3101/mf-manifest.json' });
    } finally {
      jest.dontMock('./page-overrides');
      localStorage.clear();
    }
  });

  it('refuses a confirmed override whose manifest sends its files to another origin, naming the remote only', async () => {
    const override = 'http://localhost:3101/mf-manifest.json';
    const manifest = remoteManifest('catalog');
    server.use(
      ...environmentHandlers(),
      http.get(override, () =>
        HttpResponse.json({ ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://evil.example/' } }),
      ),
    );
    localStorage.setItem('mf-overrides', JSON.stringify({ catalog: { url: override, until: Date.now() + 60_000 } }));
    const { loader, runtime } = freshLoader();
    loader.startRemotes();
    await expect(loader.loadPage('catalog/HomePage')).rejects.toThrow(
      'Không áp dụng ghi đè remote "catalog": manifest của nó trỏ tới tệp ngoài các nguồn remotes.json cho phép',
    );
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });
});
