// `npm start` as a developer runs it: every app's dev server on its port and the auth API; a
// new user signs up and in through the UI, then every route of the table renders in Chromium.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerThroughTheJourney } from '../support/auth-flow.mjs';
import { launchBrowser, openPage } from '../support/browser.mjs';
import { ROOT } from '../support/stack.mjs';
import { ROUTE_PATHS } from '../support/routes.mjs';

const PORTS = [3000, 3001, 3002, 3003, 4000];

function portBusy(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: 'localhost' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', async () => {
  const busy = (await Promise.all(PORTS.map(portBusy))).some(Boolean);
  let child;
  let browser;
  let dataDir;
  let output = '';

  before(async () => {
    if (busy) return;
    dataDir = mkdtempSync(join(tmpdir(), 'devhub-start-'));
    child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, AUTH_API_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 120_000;
    while (!output.includes('DevHub is running')) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start was not ready within 120 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'serves every app on its port and every route renders with no page error',
    { skip: busy && 'ports 3000–3003/4000 are in use (is npm start already running?)' },
    async () => {
      for (const port of PORTS) assert.ok(output.includes(`localhost:${port}`), `banner lists port ${port}`);

      // The whole sign-up → sign-in journey through the dev servers, the /api proxy and the real auth API.
      const journey = await openPage(browser);
      const { token } = await registerThroughTheJourney(journey.page, 'http://localhost:3000');
      assert.deepEqual(journey.errors, [], 'no page error during the journey');
      await journey.context.close();

      for (const path of ROUTE_PATHS) {
        const { context, page, errors } = await openPage(browser);
        await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
        await page.goto(`http://localhost:3000${path}`);
        await page.waitForFunction(
          () => performance.getEntriesByType('mark').some((mark) => mark.name.startsWith('remote-mounted:')),
          undefined,
          { timeout: 30_000 },
        );
        assert.deepEqual(errors, [], `${path}: no page error`);
        await context.close();
      }
    },
  );
});
