// @ts-check
// A script of scripts/ run as its own process, as `npm run <script> -- <args>` runs it, for the
// tests that check what a command prints and how it exits.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from './workspace.mjs';

/**
 * Runs `scripts/<script>` with `args` and `env` added to this process's environment.
 *
 * @param {string} script  e.g. 'remotes.mjs'
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
export function runScriptProcess(script, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(WORKSPACE_ROOT, 'scripts', script), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
