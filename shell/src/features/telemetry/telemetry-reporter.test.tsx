import { screen } from '@testing-library/react';
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

describe('the telemetry reporter', () => {
  const sent: string[] = [];
  beforeAll(() => {
    // jsdom has no sendBeacon: what the browser would send is kept here.
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: string) => sent.push(body) > 0,
    });
  });
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('records a view for each route the visitor reaches, by its pattern, and none for a path no route matches', async () => {
    server.use(...environmentHandlers());
    const host = createRemoteHost(SHELL_BUILD);
    host.startRemotes();
    await host.registryReady(false);
    host.routes.setRoutes(routesOfTables({ catalog: [page('HomePage', '/'), page('ListingPage', '/blog')] } as never));
    host.status.updateStatus('catalog', { state: 'loaded', version: '1.2.0' });
    const { user } = renderWithProviders(
      <RemoteHostContext.Provider value={host}>
        <TelemetryReporter />
        <Link to="/blog?q=react">Bài viết</Link>
        <Link to="/no/such/page">Không có</Link>
      </RemoteHostContext.Provider>,
    );
    await user.click(screen.getByRole('link', { name: 'Bài viết' }));
    await user.click(screen.getByRole('link', { name: 'Không có' }));

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(1);
    const { beacon } = validateBeacon(JSON.parse(sent[0]!));
    expect(beacon?.views.map((view) => [view.route, view.servedBy])).toEqual([
      ['/', 'catalog'],
      ['/blog', 'catalog'],
    ]);
    expect(sent[0]).not.toContain('react');
  });
});
