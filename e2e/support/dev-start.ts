// `npm start` as a developer runs it, on free ports given through its flags: the `dev`
// project's worker fixture, started once per worker and stopped as Ctrl-C would. baseURL is
// its shell, so signedIn and sessionToken register through the dev server's /api proxy.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from './fixtures.ts';
import { freePort } from './files.mjs';
import { ROOT } from './stack.mjs';

export interface DevStart {
  /** The port of each app, by id (shell, catalog, auth, account, auth-api). */
  ports: Record<string, number>;
  shellUrl: string;
  /** Everything `npm start` printed so far. */
  output(): string;
}

const APP_FLAGS = {
  shell: 'shell-port',
  catalog: 'catalog-port',
  auth: 'auth-port',
  account: 'account-port',
  'auth-api': 'api-port',
};

export const test = base.extend<object, { devStart: DevStart }>({
  baseURL: async ({ devStart }, use) => {
    await use(devStart.shellUrl);
  },

  devStart: [
    async ({}, use) => {
      const ports: Record<string, number> = {};
      for (const id of Object.keys(APP_FLAGS)) ports[id] = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'devhub-start-'));
      const args = Object.entries(APP_FLAGS).flatMap(([id, flag]) => [`--${flag}`, String(ports[id])]);
      const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), ...args], {
        cwd: ROOT,
        env: { ...process.env, AUTH_API_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        const deadline = Date.now() + 150_000;
        // Ready once the banner is out and every dev server has compiled.
        while (!(output.includes('DevHub is running') && (output.match(/compiled/gi) ?? []).length >= 4)) {
          if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}:\n${output}`);
          if (Date.now() > deadline) throw new Error(`npm start was not ready within 150 s:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        await use({ ports, shellUrl: `http://localhost:${ports.shell}`, output: () => output });
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          // Ctrl-C: start.mjs stops its children itself; the group is killed only if it hangs.
          child.kill('SIGINT');
          const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect } from './fixtures.ts';
