// `npm start` as a developer runs it, on free ports given through its flags (so it runs even
// where the documented ports are taken): every app's dev server and the auth API; a new user
// signs up and in through the UI, every page renders (one route of each), and each remote's dev
// server shows its pages alone, without the shell.
import { registerThroughTheJourney } from '../support/auth-flow.ts';
import { expect, test } from '../support/dev-start.ts';
import { expectRoutePage } from '../support/remote-page.ts';
import { ONE_ROUTE_PER_PAGE } from '../support/routes.ts';

const SIGNED_IN_ONLY = ['/profile', '/repo', '/cart', '/setting'];
/** The pages the journey below already shows through the dev servers. */
const JOURNEY = ['/signup', '/', '/signin', '/profile'];

test.describe('npm start on free ports', () => {
  test('lists every app at the port it was given in its ready banner', ({ devStart }) => {
    const { telemetry: _proxied, 'telemetry-metrics': metricsPort, ...servers } = devStart.ports;
    for (const [id, port] of Object.entries(servers)) {
      expect(devStart.output(), `the banner lists ${id}`).toMatch(new RegExp(`${id}\\s+http://localhost:${port}/`));
    }
    // The collector is reached through every server's /api/telemetry; only its metrics have an address of their own.
    expect(devStart.output()).toMatch(
      new RegExp(`telemetry\\s+POST /api/telemetry, metrics at http://localhost:${metricsPort}/metrics`),
    );
    expect(devStart.output()).toContain(`Open http://localhost:${devStart.ports.shell}/`);
  });

  test('signs up, signs in and opens /profile through the dev servers and the /api proxy', async ({ page }) => {
    await registerThroughTheJourney(page);
  });

  for (const { path } of ONE_ROUTE_PER_PAGE.filter((route) => !JOURNEY.includes(route.path))) {
    test.describe(() => {
      test.use({ signedIn: SIGNED_IN_ONLY.includes(path) });

      test(`renders ${path} through the shell's dev server`, async ({ page }) => {
        await page.goto(path);
        await expectRoutePage(page, path);
        await expect(page).toHaveURL((url) => url.pathname === path);
      });
    });
  }

  for (const [id, dir, path, text] of [
    ['catalog', 'remote-catalog', '/', 'Bài nổi bật'],
    ['auth', 'remote-auth', '/signin', 'Đăng nhập'],
    ['account', 'remote-account', '/cart', 'Cart'],
  ] as const) {
    test(`serves ${dir} alone on its dev server (npm start -w ${dir}), in its own frame`, async ({
      page,
      devStart,
    }) => {
      await page.goto(`http://localhost:${devStart.ports[id]}${path}`);
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(`${id} · chạy riêng`), `${dir} shows its own frame`).toBeVisible();
    });
  }
});
