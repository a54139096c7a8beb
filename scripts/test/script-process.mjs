// @ts-check
// A command of the workspace run as its own process, as `npm run` runs it (from the root), for the
// tests that check what a command prints and how it exits.
import { spawn } from 'node:child_process';
import { WORKSPACE_ROOT } from '../lib/workspace.mjs';

/**
 * Runs `node <file>` from the workspace's root with `args`, and `env` added to this process's
 * environment; resolves once its output is all in.
 *
 * @param {string} file  relative to the root, e.g. 'scripts/remotes.mjs'
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
export function runScriptProcess(file, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
