// A remote's dev server restarting under a running shell: the page is loaded again (what the new
// server builds owes nothing to the hashes the page ran), with one console line saying why. The
// shell's and the catalog's dev servers run alone here, as `npm start` runs them, since
// `npm start` stops everything when one of its dev servers ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevServer } from '../support/dev-stack.mjs';
import { expect, test } from '../support/fixtures.ts';
import { APPS } from '../../scripts/lib/apps.mjs';
import { localRegistry } from '../../scripts/lib/local-registry.mjs';
import { freePorts, freeStablePort } from '../../scripts/test/free-port.mjs';
import { markerOf, setMarker } from '../support/reload-marker.ts';

type DevServer = Awaited<ReturnType<typeof startDevServer>>;

test.describe('a remote dev server restart (dev servers)', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  let shell: DevServer | undefined;
  let catalog: DevServer | undefined;
  let shellUrl = '';
  let catalogPort = 0;
  let registryDir = '';

  test.beforeAll(async () => {
    const [shellPort, closedPort] = await freePorts(2);
    // The catalog's dev server comes back on this port: one the kernel never hands out meanwhile.
    catalogPort = await freeStablePort();
    registryDir = mkdtempSync(join(tmpdir(), 'devhub-restart-'));
    const registry = localRegistry(APPS.filter((app) => app.kind === 'remote'));
    const catalogOrigin = `http://localhost:${catalogPort}`;
    registry.remotes.catalog = { entry: `${catalogOrigin}/mf-manifest.json` };
    registry.allowedOverrideOrigins = [...registry.allowedOverrideOrigins, catalogOrigin];
    const registryFile = join(registryDir, 'remotes.json');
    writeFileSync(registryFile, JSON.stringify(registry, null, 2));
    // Each is kept as soon as it runs, so afterAll stops it even when the other failed to start.
    const started = await Promise.allSettled([
      startDevServer({
        dir: 'shell',
        port: shellPort,
        // No auth API: the home page shows signed out.
        env: { DEVHUB_REGISTRY_FILE: registryFile, DEVHUB_API_URL: `http://localhost:${closedPort}` },
      }).then((server) => (shell = server)),
      startDevServer({ dir: 'remote-catalog', port: catalogPort }).then((server) => (catalog = server)),
    ]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    shellUrl = `http://localhost:${shellPort}`;
  });

  test.afterAll(async () => {
    await Promise.all([shell?.stop(), catalog?.stop()]);
    rmSync(registryDir, { recursive: true, force: true });
  });

  test('reloads the page once the catalog is back, and one console line says why', async ({ page }) => {
    const said: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[devhub]')) said.push(message.text());
    });
    await page.goto(`${shellUrl}/`);
    const featured = page.getByRole('heading', { name: 'Bài nổi bật', exact: true });
    // A hang budget: dev servers just started on a loaded machine serve their first page slowly.
    await expect(featured).toBeVisible({ timeout: 60_000 });
    await setMarker(page);

    await catalog?.stop();
    catalog = undefined;
    catalog = await startDevServer({ dir: 'remote-catalog', port: catalogPort });
    // A hang budget: the page dials its dev server every second (rspack/dev-client/socket-transport.js).
    await expect
      .poll(() => markerOf(page), {
        message: 'the page was loaded again',
        timeout: 60_000,
      })
      .toBeUndefined();
    await expect(featured).toBeVisible({ timeout: 60_000 });
    expect(said).toEqual(['[devhub] catalog: its dev server restarted; reloading the page.']);
  });
});
