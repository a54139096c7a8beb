import { fakeFederation, registerFakeRemote } from '../../../test/fake-federation';
import { createRemoteStatus } from '../remote-status';
import { statusPlugin } from './status-plugin';

describe('the status plugin', () => {
  it("records a page's load through the runtime: loading, then loaded with its time, or failed with the message", async () => {
    let arrive!: (module: object) => void;
    const arriving = new Promise<object>((resolve) => (arrive = resolve));
    const federation = fakeFederation({
      'catalog/HomePage': () => arriving,
      'catalog/ListingPage': () => {
        throw new Error('chunk refused');
      },
    })();
    const status = createRemoteStatus();
    federation.registerPlugins([statusPlugin(status)]);
    registerFakeRemote(federation, 'catalog');

    const loading = federation.loadRemote('catalog/HomePage');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(status.statusOf('catalog').state).toBe('loading');
    arrive({ HomePage: () => null });
    await loading;
    expect(status.statusOf('catalog')).toMatchObject({ state: 'loaded', loadMs: expect.any(Number) });

    await expect(federation.loadRemote('catalog/ListingPage')).rejects.toThrow('chunk refused');
    expect(status.statusOf('catalog')).toMatchObject({ state: 'failed', error: 'chunk refused' });
  });
});
