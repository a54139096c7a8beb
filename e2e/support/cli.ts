// Runs one of the repository's CLIs (scripts/*.mjs) as a user would, without blocking the test
// process, which may be serving the stack the CLI talks to.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CERTIFICATE_DIR } from '../../scripts/lib/local-certificate.mjs';
import { ROOT } from './stack.mjs';

/**
 * How long a command may run before it counts as hung: a hang budget, never a measurement (the
 * slowest, a deploy that builds a remote, took about 2 min beside another suite). A hung command
 * then fails its test with what it printed, instead of leaving the test to its own timeout with
 * no word of where it stopped.
 */
const HANG_BUDGET_MS = 240_000;

export function runScript(
  script: string,
  args: string[],
  { root = ROOT, env: extra = {} }: { root?: string; env?: Record<string, string> } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // The stacks serve HTTPS on the locally made certificate, which the CLI must trust to read them.
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: join(CERTIFICATE_DIR, 'localhost.crt'), ...extra };
    // `root`: another working copy (a workspace copy), whose own scripts run there.
    const child = spawn(process.execPath, [join(root, 'scripts', script), ...args], { cwd: root, env });
    let output = '';
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_BUDGET_MS);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      const verdict = hung
        ? `\n[${script} ${args.join(' ')}: still running after ${HANG_BUDGET_MS / 1000} s, stopped]`
        : '';
      resolve({ code, output: `${output}${verdict}` });
    });
  });
}
