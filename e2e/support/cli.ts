// Runs one of the repository's CLIs (scripts/*.mjs) as a user would, without blocking the test
// process, which may be serving the stack the CLI talks to.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CERTIFICATE_DIR } from '../../scripts/lib/local-certificate.mjs';
import { ROOT } from './stack.mjs';

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
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}
