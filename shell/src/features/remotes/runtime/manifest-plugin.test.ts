import { http, HttpResponse } from 'msw';
import { server } from '../../../../../test-support/msw-server';
import { manifestUrl, remoteManifest } from '../../../test/federation-fixtures';
import { getManifest } from '../manifests';
import manifestPlugin from './manifest-plugin';

describe('the manifest plugin', () => {
  it('hands the runtime the manifest the shell already read, without asking the network again', async () => {
    let reads = 0;
    server.use(
      http.get(manifestUrl('account'), () => {
        reads += 1;
        return HttpResponse.json(remoteManifest('account'));
      }),
    );
    await getManifest(manifestUrl('account'));
    const response = await manifestPlugin().fetch?.(manifestUrl('account'), {});

    expect(response).toBeInstanceOf(Response);
    expect(await (response as Response).json()).toEqual(remoteManifest('account'));
    expect(reads).toBe(1);
  });

  it('leaves any other request to the runtime', () => {
    expect(manifestPlugin().fetch?.('http://localhost/other/mf-manifest.json', {})).toBeUndefined();
  });
});
