import { screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { validateBeacon } from '@devhub/contracts/telemetry';
import { server } from '../../../../test-support/msw-server';
import { renderWithProviders } from '../../../../test-support/render';
import { SHELL_BUILD, environmentHandlers } from '../../test/federation-fixtures';
import { createRemoteHost } from '../remotes/remote-host';
import { RemoteHostContext } from '../remotes/remote-host-context';
import { routesOfTables } from '../remotes/routes-store';
import { TelemetryReporter } from './telemetry-reporter';

const page = (expose: string, path: string) => ({
  expose,
  what: 'trang',
  layout: 'main',
  access: 'public',
  routes: [{ path }],
});

/** The page hidden, as a browser hides it when the visitor switches tab or leaves. */
function hidePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
}

describe('the telemetry reporter', () => {
  const sent: string[] = [];
  beforeAll(() => {
    // jsdom has no sendBeacon: what the browser would send is kept here.
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: string) => sent.push(body) > 0,
    });
  });

  it('starts after the first page, then records a view for each route reached, by its pattern, and none for a path no route matches', async () => {
    server.use(...environmentHandlers());
    const host = createRemoteHost(SHELL_BUILD);
    host.startRemotes();
    await host.registryReady(false);
    host.routes.setRoutes(
      routesOfTables({ catalog: [page('HomePage', '/'), page('ListingPage', '/docs/:slug')] } as never),
    );
    host.status.updateStatus('catalog', { state: 'loaded', version: '1.2.0' });
    const { user } = renderWithProviders(
      <RemoteHostContext.Provider value={host}>
        <TelemetryReporter />
        <Link to="/docs/react-19?q=hooks">Tài liệu</Link>
        <Link to="/no/such/page">Không có</Link>
      </RemoteHostContext.Provider>,
    );
    hidePage();
    expect(sent).toEqual([]);

    host.firstPage.routeSettled('/');
    await waitFor(
      () => {
        hidePage();
        expect(sent).toHaveLength(1);
      },
      { timeout: 3000 },
    );
    await user.click(screen.getByRole('link', { name: 'Tài liệu' }));
    await user.click(screen.getByRole('link', { name: 'Không có' }));
    hidePage();

    const views = sent.map((body) => validateBeacon(JSON.parse(body)).beacon?.views);
    expect(views.map((batch) => batch?.map((view) => [view.route, view.servedBy]))).toEqual([
      [['/', 'catalog']],
      [['/docs/:slug', 'catalog']],
    ]);
    expect(sent.join()).not.toMatch(/react-19|hooks/);
  });
});
