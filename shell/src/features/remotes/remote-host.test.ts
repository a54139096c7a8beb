import { server } from '../../../../test-support/msw-server';
import { REGISTRY, SHELL_BUILD, environmentHandlers } from '../../test/federation-fixtures';
import { fakeFederation } from '../../test/fake-federation';
import { createRemoteHost } from './remote-host';

function HomePage() {
  return null;
}

/** A runtime of the host's own, whose catalog serves its home page. */
const federation = () => fakeFederation({ 'catalog/HomePage': { HomePage } });

describe('the remote host', () => {
  afterEach(() => server.events.removeAllListeners());

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
