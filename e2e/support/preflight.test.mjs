import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PREFLIGHT = fileURLToPath(new URL('./preflight.mjs', import.meta.url));

/** Runs the preflight with the headless shell looked for where nothing is. */
const withoutHeadlessShell = (...args) =>
  spawnSync(process.execPath, [PREFLIGHT, ...args], {
    encoding: 'utf8',
    env: { ...process.env, CHROMIUM_HEADLESS_SHELL_PATH: '/nonexistent/chromium-headless-shell' },
  });

test('without the headless shell the browser tests drive, one line says which package to install', () => {
  const { status, stdout, stderr } = withoutHeadlessShell();
  expect(status).toBe(1);
  expect(stdout).toBe('');
  expect(stderr.trim().split('\n')).toEqual([
    expect.stringContaining('sudo apt-get install -y chromium-headless-shell'),
  ]);
});

test('npm test names it among the packages it needs, in one line', () => {
  const { status, stderr } = withoutHeadlessShell('--smoke');
  expect(status).toBe(1);
  expect(stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/^The browser tests need chromium-headless-shell\b/),
  ]);
});
