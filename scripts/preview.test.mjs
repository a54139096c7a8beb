import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectionStringFor, useAzurite } from './test/azurite-test-server.mjs';
import { freePort } from './test/free-port.mjs';
import { runScriptProcess } from './test/script-process.mjs';
import { CONNECTION_STRING_VARIABLE } from './lib/blob-service.mjs';
import { WORKSPACE_ROOT } from './lib/workspace.mjs';

const azurite = useAzurite('previews');

// Each test waits on a preview process of its own (one waits out the preview's 10 s bound on a call
// to the store): they run at the same time, so the file takes about as long as that one wait.

/** `npm run preview -- --remotes <address>` with the given connection string: its exit code and stderr. */
const preview = (address, connectionString) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(WORKSPACE_ROOT, 'scripts/preview.mjs'), '--remotes', address], {
      env: { ...process.env, [CONNECTION_STRING_VARIABLE]: connectionString },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, lines: stderr.trim().split('\n') }));
  });

it.concurrent(
  'preview gives up with one line on a store that takes connections and never answers, sooner than a command would',
  async () => {
    const sockets = new Set();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise((resolve) => silent.listen(0, '127.0.0.1', () => resolve(undefined)));
    try {
      const { code, lines } = await preview(
        'azblob://previews/team/remotes.preview.json',
        connectionStringFor(silent.address().port),
      );
      // The preview's own bound on a call to the store (a command's is 60 s): it serves while it refreshes.
      expect({ code, lines }).toEqual({ code: 1, lines: [expect.stringMatching(/ did not answer within 10 s; /)] });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  },
);

it.concurrent.each([
  [
    'an address that names no container',
    () => ['azblob://No_Such/remotes.preview.json', azurite.current.connectionString],
    /^azblob:\/\/No_Such\/remotes\.preview\.json: give azblob:\/\/<container>\/<prefix>, the container 3-63 lowercase letters, digits and dashes$/,
  ],
  [
    'a missing container',
    () => ['azblob://nowhere/team/remotes.preview.json', azurite.current.connectionString],
    /^the container "nowhere" does not exist at \S+: create it with "npm run remotes -- init-storage azblob:\/\/nowhere"$/,
  ],
  [
    'a registry that is not there',
    () => ['azblob://previews/team/remotes.preview.json', azurite.current.connectionString],
    /^azblob:\/\/previews\/team\/remotes\.preview\.json does not exist$/,
  ],
])(
  'preview --remotes azblob://… that cannot be served (%s): one line, exit 1, before anything starts',
  async (_, args, line) => {
    const { code, lines } = await preview(...args());
    expect({ code, lines }).toEqual({ code: 1, lines: [expect.stringMatching(line)] });
  },
);

it.concurrent(
  'preview --remotes azblob://… that cannot be served (a store that does not answer): one line, exit 1, before anything starts',
  async () => {
    const { code, lines } = await preview(
      'azblob://previews/team/remotes.preview.json',
      connectionStringFor(await freePort()),
    );
    expect({ code, lines }).toEqual({
      code: 1,
      lines: [expect.stringMatching(/^the blob storage at http:\/\/127\.0\.0\.1:\d+\/devstoreaccount1 is unreachable/)],
    });
  },
);

it.concurrent(
  'preview stopped by Ctrl-C while it first reads the store leaves no temporary folder behind',
  async () => {
    // A store that takes connections and never answers: the preview waits on its first read.
    const sockets = new Set();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise((resolve) => silent.listen(0, '127.0.0.1', () => resolve(undefined)));
    const temp = mkdtempSync(join(tmpdir(), 'preview-temp-'));
    try {
      const child = spawn(
        process.execPath,
        [join(WORKSPACE_ROOT, 'scripts/preview.mjs'), '--remotes', 'azblob://previews/team/remotes.preview.json'],
        {
          env: {
            ...process.env,
            TMPDIR: temp,
            [CONNECTION_STRING_VARIABLE]: connectionStringFor(silent.address().port),
          },
          stdio: 'ignore',
        },
      );
      const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
      await new Promise((resolve) => silent.once('connection', resolve));
      expect(readdirSync(temp)).toEqual([expect.stringMatching(/^devhub-store-site-/)]);
      child.kill('SIGINT');
      await exited;
      expect(readdirSync(temp)).toEqual([]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      rmSync(temp, { recursive: true, force: true });
    }
  },
);

it.concurrent.each([
  [
    'Prometheus is not installed',
    ['--observe'],
    'Prometheus not found at /nonexistent/prometheus — install it with: sudo apt-get install -y prometheus (or set PROMETHEUS_PATH)',
  ],
  ['there is no collector to scrape', ['--observe', '--no-telemetry'], /^--observe scrapes the telemetry collector: /],
  ['the port is not a port', ['--observe', '--prometheus-port', '90x'], /^--prometheus-port must be a port number /],
  ['the port is an app’s', ['--observe', '--prometheus-port', '3000'], /^--prometheus-port 3000 is shell's port/],
  ['there is no --observe', ['--prometheus-port', '9091'], '--prometheus-port only makes sense with --observe'],
])('preview --observe refuses in one line, exit 1, before anything starts, when %s', async (_, args, line) => {
  const { code, stdout, stderr } = await runScriptProcess('scripts/preview.mjs', args, {
    PROMETHEUS_PATH: '/nonexistent/prometheus',
  });
  expect({ code, stdout, lines: stderr.trim().split('\n') }).toEqual({
    code: 1,
    stdout: '',
    lines: [typeof line === 'string' ? line : expect.stringMatching(line)],
  });
});
