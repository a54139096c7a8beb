// Production builds as the benchmark times them: rspack's own command line, one app at a time.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CliError } from '../../scripts/lib/cli.mjs';
import { packageBin } from '../../rspack/package-bin.mjs';
import { ROOT } from '../../e2e/support/stack.mjs';

/** The one-bundle baseline's config (the app without Module Federation). */
export const MONO_CONFIG = join(ROOT, 'bench', 'mono', 'rspack.config.ts');

/**
 * Builds the app in `dir` (relative to the repository) with rspack's extra `args`; resolves to the
 * milliseconds it took, or rejects with the end of what rspack printed.
 * @param {string} dir
 * @param {string[]} [args]
 * @returns {Promise<number>}
 */
export function build(dir, args = []) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [packageBin('@rspack/cli'), 'build', ...args], {
      cwd: join(ROOT, dir),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // rspack reports compilation errors on stdout: the failure message keeps the end of both.
    let errors = '';
    const keep = (chunk) => (errors = `${errors}${chunk}`.slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new CliError(`${dir} build failed:\n${errors}`)),
    );
  });
}
