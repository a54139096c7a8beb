import { server } from '../../../../test-support/msw-server';
import { REGISTRY, SHELL_BUILD, environmentHandlers, manifestUrl } from '../../test/federation-fixtures';
import { fakeFederation } from '../../test/fake-federation';
import * as remoteFiles from './remote-files.js';
import { createRemoteHost, takeBoot } from './remote-host';

function HomePage() {
  return null;
}

/** A runtime of the host's own, whose catalog serves its home page. */
const federation = () => fakeFederation({ 'catalog/HomePage': { HomePage } });

/** Counts the requests made for each URL. */
function countRequests() {
  const seen: Record<string, number> = {};
  server.events.on('request:start', ({ request }) => {
    seen[request.url] = (seen[request.url] ?? 0) + 1;
  });
  return seen;
}

describe('the remote host', () => {
  beforeEach(() => {
    window.__devhubBoot = undefined;
  });
  afterEach(() => server.events.removeAllListeners());

  it("takes over what index.html's warm-up started, once: the registry and the first manifest are requested once", async () => {
    server.use(...environmentHandlers());
    const requests = countRequests();
    const registry = fetch('/remotes.json');
    const manifest = Promise.resolve({ url: manifestUrl('catalog'), response: fetch(manifestUrl('catalog')) });
    window.__devhubBoot = { registry, manifest };

    const host = createRemoteHost(SHELL_BUILD, {}, { boot: takeBoot(), federation: federation() });
    expect(window.__devhubBoot).toBeUndefined();
    host.startRemotes();
    await expect(host.loadPage('catalog/HomePage')).resolves.toBe(HomePage);

    expect(requests['http://localhost/remotes.json']).toBe(1);
    expect(requests[manifestUrl('catalog')]).toBe(1);
    // A host created later finds nothing left: it makes its own requests.
    const later = createRemoteHost(SHELL_BUILD, {}, { boot: takeBoot(), federation: federation() });
    later.startRemotes();
    await later.loadPage('catalog/HomePage');
    expect(requests['http://localhost/remotes.json']).toBe(2);
  });

  it("works with the warm-up's copy of remote-files.js, so the page carries one", async () => {
    server.use(...environmentHandlers());
    const files = {
      filesBase: jest.fn(remoteFiles.filesBase),
      remoteFiles: jest.fn(remoteFiles.remoteFiles),
      pageFiles: jest.fn(remoteFiles.pageFiles),
      hintRemoteFiles: jest.fn(remoteFiles.hintRemoteFiles),
    };
    window.__devhubBoot = { files };

    const host = createRemoteHost(SHELL_BUILD, {}, { boot: takeBoot(), federation: federation() });
    host.startRemotes();
    await expect(host.loadPage('catalog/HomePage')).resolves.toBe(HomePage);

    expect(files.remoteFiles).toHaveBeenCalledWith(expect.anything(), manifestUrl('catalog'));
    expect(files.hintRemoteFiles).toHaveBeenCalledWith(expect.objectContaining({ scripts: expect.any(Array) }), false);
  });

  it('keeps its pages, routes and status to itself', async () => {
    server.use(...environmentHandlers());
    const first = createRemoteHost(SHELL_BUILD, {}, { federation: federation() });
    first.startRemotes();
    await first.loadPage('catalog/HomePage');
    first.routes.setRoutes([]);

    const second = createRemoteHost(SHELL_BUILD, {}, { federation: federation() });
    expect(second.loadedPage('catalog/HomePage')).toBeUndefined();
    expect(second.routes.store.getState()).toEqual({ state: 'loading' });
    expect(second.status.statusOf('catalog').state).toBe('not-loaded');
    expect(first.status.statusOf('catalog').state).toBe('loaded');
    expect(first.status.store.getState().registry).toEqual({ state: 'ready', environment: REGISTRY.environment });
    expect(second.status.store.getState().registry).toEqual({ state: 'loading' });
  });
});
