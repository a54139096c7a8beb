// @ts-check
// The process a prerender renders in (prerender.mjs): the shell's renderer runs every pinned
// remote's server code, one team's build beside the others', so it gets nothing to steal and no
// way to act. Its environment is an allow-list (no storage credentials, no tokens), and Node's
// permission model lets it read only what it renders (the worker, the shell's server build, the
// verified mirror of the versions): no writes, no child processes, no workers, no addons.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { WORKSPACE_ROOT } from './workspace.mjs';

const WORKER = join(WORKSPACE_ROOT, 'scripts', 'lib', 'prerender-worker.mjs');

/** What of this process's environment the renderer may see: how to format and nothing else. */
export const SANDBOX_ENV_KEYS = /** @type {const} */ (['NODE_ENV', 'TZ', 'LANG', 'LC_ALL']);

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function sandboxEnv(env = process.env) {
  return Object.fromEntries(SANDBOX_ENV_KEYS.flatMap((key) => (env[key] === undefined ? [] : [[key, env[key]]])));
}

/**
 * Node's flags for a process that may read `readable` (files or folders) and nothing more. The
 * flag is `--permission` from Node 22.13, `--experimental-permission` before.
 *
 * @param {string[]} readable
 */
export function sandboxFlags(readable) {
  const permission = process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
  return [
    permission,
    // The one warning of the feature itself: its last stderr line is what a crash reports.
    '--disable-warning=ExperimentalWarning',
    // Node 20 aborts on a path given twice.
    ...[...new Set([WORKER, ...readable])].map((path) => `--allow-fs-read=${path}`),
  ];
}

/**
 * Runs the shell's renderer in the sandboxed child: a fresh module cache for each prerender (a
 * remote's previous version is never what renders), and a render that hangs or crashes the
 * process costs a timeout, not the command. What it sends back is the child's word: prerender.mjs
 * checks it before writing anything.
 *
 * @param {{ shellServer: string, input: unknown, timeoutMs: number, readable: string[] }} options
 *   `readable`: what the render may read besides the worker (the renderer, the mirror)
 * @returns {Promise<unknown>}  its results, unchecked
 */
export function renderInSandbox({ shellServer, input, timeoutMs, readable }) {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: sandboxEnv(),
      // The renderer's folder: its lazy chunks are beside it (the shell's own build, nothing else).
      execArgv: sandboxFlags([dirname(shellServer), ...readable]),
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr = `${stderr}${chunk}`.slice(-4000);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the render did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (message) => {
      clearTimeout(timer);
      const { results, error } = /** @type {{ results?: unknown, error?: unknown }} */ (message ?? {});
      if (error !== undefined) reject(new Error(`the renderer failed: ${String(error)}`));
      else resolve(results);
      // Its answer is all it was for: whatever the renderers left running (a timer, a socket kept
      // alive) must not keep this command waiting for the child to end on its own.
      child.kill('SIGKILL');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const last = stderr.trim().split('\n').pop();
      reject(new Error(`the renderer stopped without answering (exit code ${code})${last ? `: ${last}` : ''}`));
    });
    child.send({ shellServer, input });
  });
}
