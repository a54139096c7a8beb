// Development servers started the way a developer starts them, on free ports, for the browser
// tests' `dev` project (e2e/support/dev-start.ts) and `npm run bench:dev`: `npm start` whole, or
// one app's dev server alone. Each resolves once it compiled, and stops as Ctrl-C would.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageBin } from '../../rspack/package-bin.mjs';
import { freePorts } from '../../scripts/test/free-port.mjs';
import { ROOT } from './stack.mjs';

/** `npm start`'s port flag for each app, by id. */
const PORT_FLAGS = {
  shell: 'shell-port',
  catalog: 'catalog-port',
  auth: 'auth-port',
  account: 'account-port',
  'auth-api': 'api-port',
  telemetry: 'telemetry-port',
  'telemetry-metrics': 'telemetry-metrics-port',
};

/**
 * Spawns `command` in its own process group and resolves once `ready(output)` holds; rejects
 * (after stopping it) when it exits first or `timeoutMs` passes, with what it printed.
 */
async function startProcess({ what, args, cwd, env, ready, timeoutMs, cleanUp = () => {} }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // Ctrl-C: `npm start` stops its children itself; the group is killed only if it hangs.
      child.kill('SIGINT');
      const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanUp();
  };
  const deadline = Date.now() + timeoutMs;
  while (!ready(output)) {
    const problem =
      child.exitCode !== null || child.signalCode !== null
        ? `exited (${child.exitCode ?? child.signalCode})`
        : Date.now() > deadline
          ? `was not ready within ${timeoutMs / 1000} s`
          : undefined;
    if (problem) {
      await stop();
      throw new Error(`${what} ${problem}:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { output: () => output, stop };
}

/**
 * `npm start` in `root` (the workspace by default) on free ports, with a fresh auth API data
 * folder. Ready once its banner is out and every dev server compiled.
 * @returns {Promise<{ ports: Record<string, number>, shellUrl: string, output(): string, stop(): Promise<void> }>}
 */
export async function startDevStack({ root = ROOT, timeoutMs = 150_000 } = {}) {
  const ids = Object.keys(PORT_FLAGS);
  const found = await freePorts(ids.length);
  /** @type {Record<string, number>} */
  const ports = Object.fromEntries(ids.map((id, index) => [id, found[index]]));
  const dataDir = mkdtempSync(join(tmpdir(), 'devhub-start-'));
  const started = await startProcess({
    what: 'npm start',
    args: [
      join(root, 'scripts/start.mjs'),
      ...Object.entries(PORT_FLAGS).flatMap(([id, flag]) => [`--${flag}`, String(ports[id])]),
    ],
    cwd: root,
    env: { ...process.env, AUTH_API_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    ready: (output) => output.includes('DevHub is running') && (output.match(/compiled/gi) ?? []).length >= 4,
    timeoutMs,
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  });
  return { ports, shellUrl: `http://localhost:${ports.shell}`, ...started };
}

/**
 * One app's dev server alone (`rspack serve` in its folder, as `npm start` runs it), on `port`.
 * `env` adds to the environment (DEVHUB_REGISTRY_FILE for the shell's, DEVHUB_API_URL).
 * @returns {Promise<{ output(): string, stop(): Promise<void> }>}
 */
export function startDevServer({ dir, port, env = {}, root = ROOT, timeoutMs = 150_000 }) {
  return startProcess({
    what: `the dev server of ${dir}`,
    args: [packageBin('@rspack/cli', { from: root }), 'serve', '--port', String(port)],
    cwd: join(root, dir),
    env: { ...process.env, NODE_ENV: 'development', ...env },
    ready: (output) => /compiled/i.test(output),
    timeoutMs,
  });
}
