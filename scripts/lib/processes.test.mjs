import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './apps.mjs';

const PROCESSES_URL = pathToFileURL(join(ROOT, 'scripts/lib/processes.mjs')).href;

/**
 * Runs, in a child Node (the group installs signal handlers and exits its process), a group of
 * two apps the way `npm start` does: "api" lives until stopped, "catalog" runs `catalogCode`.
 * Resolves with the group's exit code, the signal that ended it, and what it wrote on stderr.
 */
function runGroup(catalogCode, { signalAfterMs } = {}) {
  const driver = `
    import { ProcessGroup } from ${JSON.stringify(PROCESSES_URL)};
    const group = new ProcessGroup();
    group.run('api', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    group.run('catalog', process.execPath, ['-e', ${JSON.stringify(catalogCode)}]);
    console.log('started');
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', driver], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      if (signalAfterMs !== undefined && String(chunk).includes('started')) {
        setTimeout(() => child.kill('SIGTERM'), signalAfterMs);
      }
    });
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('a process group (npm start, npm run preview)', () => {
  it('exits non-zero, naming the app, when a child exits with code 0 while the others still run', async () => {
    const { code, signal, stderr } = await runGroup('setTimeout(() => process.exit(0), 200)');
    expect(signal).toBeNull();
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/\[catalog\] exited unexpectedly \(code 0\)/);
  });

  it('exits non-zero, naming the app and the signal, when a child is killed', async () => {
    const { code, stderr } = await runGroup("setTimeout(() => process.kill(process.pid, 'SIGKILL'), 200)");
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/\[catalog\] exited unexpectedly \(signal SIGKILL\)/);
  });

  it("passes on a crashed child's own exit code", async () => {
    const { code, stderr } = await runGroup('setTimeout(() => process.exit(3), 200)');
    expect(code).toBe(3);
    expect(stderr).toMatch(/\[catalog\] exited unexpectedly \(code 3\)/);
  });

  it('stops every child and exits 0 when it is asked to stop (Ctrl-C)', async () => {
    const { code, stderr } = await runGroup('setInterval(() => {}, 1000)', { signalAfterMs: 300 });
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/exited unexpectedly/);
  });
});
