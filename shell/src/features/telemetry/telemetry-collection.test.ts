import { validateBeacon } from '@devhub/contracts/telemetry';
import { server } from '../../../../test-support/msw-server';
import { SHELL_BUILD, environmentHandlers, manifestUrl } from '../../test/federation-fixtures';
import { createRemoteHost } from '../remotes/remote-host';
import { createPageViews } from './page-views';
import { TELEMETRY_PATH } from '@devhub/contracts/telemetry-path';
import { startCollecting } from './telemetry-collection';

/** The page hidden, as a browser hides it when the visitor switches tab or leaves. */
function hidePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the telemetry of a visit', () => {
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it("sends one beacon when the page is hidden, counting the errors of a remote's files only", async () => {
    server.use(...environmentHandlers());
    const host = createRemoteHost(SHELL_BUILD);
    host.startRemotes();
    await host.registryReady(false);
    host.status.updateStatus('catalog', { state: 'loaded', version: '1.2.0', entry: manifestUrl('catalog') });
    const views = createPageViews(host.status.statusOf);
    const sent: Array<[string, string]> = [];
    const stop = startCollecting(host, views, (url, body) => sent.push([url, body]) > 0);
    views.start('/', 'catalog');
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://localhost/catalog/HomePage.js' }));
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://localhost/main.js' }));

    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toEqual([]);
    hidePage();
    expect(sent.map(([url]) => url)).toEqual([TELEMETRY_PATH]);
    const { beacon, problems } = validateBeacon(JSON.parse(sent[0]![1]));
    expect(problems).toEqual([]);
    expect(beacon?.views).toEqual([
      {
        route: '/',
        servedBy: 'catalog',
        remotes: [{ remote: 'catalog', version: '1.2.0', role: 'stable', outcome: 'loaded' }],
        errors: [{ remote: 'catalog', count: 1 }],
      },
    ]);
    // Nothing twice: the views sent are forgotten, and a stopped collection sends nothing.
    hidePage();
    stop();
    views.start('/blog', 'catalog');
    hidePage();
    expect(sent).toHaveLength(1);
  });
});
