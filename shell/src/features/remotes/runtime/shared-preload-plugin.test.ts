import { http, HttpResponse } from 'msw';
import { server } from '../../../../../test-support/msw-server';
import { manifestUrl, remoteManifest } from '../../../test/federation-fixtures';
import { getManifest } from '../manifests';
import sharedPreloadPlugin from './shared-preload-plugin';

/** The parts of a federation instance the plugin touches: the shell's shared modules and loadShare. */
function fakeOrigin(provided: string[]) {
  return {
    options: { shared: Object.fromEntries(provided.map((name) => [name, [{ version: '1.0.0' }]])) },
    loadShare: jest.fn(async () => () => ({})),
  };
}

describe('the shared preload plugin', () => {
  it('starts the shared modules the exposed module requires that the shell provides, beside its chunks', async () => {
    const manifest = remoteManifest('catalog');
    manifest.exposes[0]!.requires = ['react', 'react-hook-form', '@devhub/shared/strings'];
    server.use(http.get(manifestUrl('catalog'), () => HttpResponse.json(manifest)));
    await getManifest(manifestUrl('catalog'));
    const origin = fakeOrigin(['react', '@devhub/shared/strings']);

    const args = { expose: './HomePage', remote: { name: 'catalog', entry: manifestUrl('catalog') }, origin };
    const hook = sharedPreloadPlugin().afterResolve as unknown as (value: typeof args) => typeof args;
    expect(hook(args)).toBe(args);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(origin.loadShare.mock.calls).toEqual([['react'], ['@devhub/shared/strings']]);
  });

  it('does nothing for a remote whose manifest the shell has not read', async () => {
    const origin = fakeOrigin(['react']);
    const hook = sharedPreloadPlugin().afterResolve as unknown as (value: object) => object;
    hook({ expose: './CartPage', remote: { name: 'account', entry: manifestUrl('account') }, origin });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(origin.loadShare).not.toHaveBeenCalled();
  });
});
