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
  it('is fetched once per host: another host reads its own', async () => {
    const network = countedManifest('auth');
    const getManifest = createManifests();
    await getManifest(manifestUrl('auth'));
    await getManifest(manifestUrl('auth'));
    await createManifests()(manifestUrl('auth'));
    expect(network.reads).toBe(2);
  });
});
