// One app's dev server (`rspack serve`, what `npm start -w <app>` runs) on a free port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';
import { freePort } from './files.mjs';

export async function startDevServer(dir, timeoutMs = 60_000) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'serve', '--port', String(port)],
    {
      cwd: join(ROOT, dir),
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (!/compiled/i.test(output)) {
    if (child.exitCode !== null) throw new Error(`${dir} dev server exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${dir} dev server did not compile within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
