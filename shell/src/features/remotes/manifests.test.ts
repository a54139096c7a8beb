import { http, HttpResponse } from 'msw';
import { createManifests } from './manifests';
import { server } from '../../../../test-support/msw-server';
import { manifestUrl, remoteManifest } from '../../test/federation-fixtures';

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
  it("is taken from index.html's warm-up, even when the loader asks before the warm-up has sent its request", async () => {
    const network = countedManifest('catalog');
    let startWarmRequest!: (started: { url: string; response: Promise<Response> }) => void;
    const getManifest = createManifests({
      manifest: new Promise((resolve) => {
        startWarmRequest = resolve;
      }),
    });

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
    const boot: DevhubBoot = {
      manifest: Promise.resolve({
        url: manifestUrl('catalog'),
        response: Promise.resolve(Response.json(remoteManifest('catalog'))),
      }),
    };
    const getManifest = createManifests(boot);
    await expect(getManifest(manifestUrl('auth'))).resolves.toMatchObject({ json: { id: 'auth' } });

    boot.manifest = Promise.resolve(undefined);
    await expect(getManifest(manifestUrl('auth'), { fresh: true })).resolves.toMatchObject({ json: { id: 'auth' } });
    expect(network.reads).toBe(2);
  });

  it('is fetched once per host: another host reads its own', async () => {
    const network = countedManifest('auth');
    const getManifest = createManifests(undefined);
    await getManifest(manifestUrl('auth'));
    await getManifest(manifestUrl('auth'));
    await createManifests(undefined)(manifestUrl('auth'));
    expect(network.reads).toBe(2);
  });
});
