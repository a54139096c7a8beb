import { http, HttpResponse } from 'msw';
import type * as ManifestsModule from './manifests';
import { server } from '../../../../test-support/msw-server';
import { manifestUrl, remoteManifest } from '../../test/federation-fixtures';

async function freshManifests(): Promise<typeof ManifestsModule> {
  let module!: typeof ManifestsModule;
  await jest.isolateModulesAsync(async () => {
    module = await import('./manifests');
  });
  return module;
}

function countedManifest(remote: 'catalog' | 'auth') {
  const counter = { reads: 0 };
  server.use(
    http.get(manifestUrl(remote), () => {
      counter.reads += 1;
      return HttpResponse.json(remoteManifest(remote));
    }),
  );
  return counter;
}

describe("a remote's manifest", () => {
  afterEach(() => {
    window.__devhubManifest = undefined;
  });

  it("is taken from index.html's warm-up, even when the loader asks before the warm-up has sent its request", async () => {
    const network = countedManifest('catalog');
    let startWarmRequest!: (started: { url: string; response: Promise<Response> }) => void;
    window.__devhubManifest = new Promise((resolve) => {
      startWarmRequest = resolve;
    });
    const { getManifest } = await freshManifests();

    const manifest = getManifest(manifestUrl('catalog'));
    startWarmRequest({
      url: manifestUrl('catalog'),
      response: Promise.resolve(Response.json({ ...remoteManifest('catalog'), id: 'from the warm-up' })),
    });

    await expect(manifest).resolves.toMatchObject({ json: { id: 'from the warm-up' } });
    expect(network.reads).toBe(0);
  });

  it("is read from the network when the warm-up asked for another remote's, or for none", async () => {
    const network = countedManifest('auth');
    window.__devhubManifest = Promise.resolve({
      url: manifestUrl('catalog'),
      response: Promise.resolve(Response.json(remoteManifest('catalog'))),
    });
    const { getManifest } = await freshManifests();
    await expect(getManifest(manifestUrl('auth'))).resolves.toMatchObject({ json: { id: 'auth' } });

    window.__devhubManifest = Promise.resolve(undefined);
    await expect(getManifest(manifestUrl('auth'), { fresh: true })).resolves.toMatchObject({ json: { id: 'auth' } });
    expect(network.reads).toBe(2);
  });
});
