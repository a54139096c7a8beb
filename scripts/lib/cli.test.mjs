import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError, UsageError, describeFailure } from './cli.mjs';
import { runScriptProcess } from '../test/script-process.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

const CLI_URL = pathToFileURL(join(WORKSPACE_ROOT, 'scripts/lib/cli.mjs')).href;

/** Every `node <file>.mjs` the root's and the workspaces' package.json scripts run. */
function packageScriptEntries() {
  const root = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8'));
  const packages = [{ dir: '', scripts: root.scripts }];
  for (const dir of root.workspaces) {
    packages.push({
      dir,
      scripts: JSON.parse(readFileSync(join(WORKSPACE_ROOT, dir, 'package.json'), 'utf8')).scripts,
    });
  }
  return packages.flatMap(({ dir, scripts = {} }) =>
    Object.values(scripts).flatMap((line) =>
      [...line.matchAll(/\bnode ([\w./-]+\.mjs)\b/g)].map((match) => join(dir, match[1])),
    ),
  );
}

/** The commands, each with its arguments: every package script's, plus those run by hand. */
const COMMANDS = [...new Set([...packageScriptEntries(), 'remote-catalog/scripts/generate-thumbnails.mjs'])].map(
  (file) => ({ name: file, file, args: [] }),
);
for (const command of ['list', 'use', 'rollback', 'doctor', 'prerender']) {
  COMMANDS.push({ name: `scripts/remotes.mjs ${command}`, file: 'scripts/remotes.mjs', args: [command] });
}

/** Runs a command as `npm run` would, from the root, and collects what it printed. */
const run = (file, args, env = {}) => runScriptProcess(file, args, { DEVHUB_DEBUG: '', ...env });

const STACK_FRAME = /^\s+at /m;
const lines = (text) => text.split('\n').filter(Boolean);

describe('every command line', () => {
  it('covers the package scripts', () => {
    expect(COMMANDS.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'scripts/start.mjs',
        'scripts/preview.mjs',
        'scripts/deploy.mjs',
        'scripts/remotes.mjs',
        'scripts/api-report.mjs',
        'bench/run.mjs',
        'bench/ab.mjs',
        'remote-catalog/scripts/generate-home-digest.mjs',
      ]),
    );
  });

  it.each(COMMANDS)(
    '$name answers --help with its usage',
    async ({ file, args }) => {
      const { code, stdout, stderr } = await run(file, [...args, '--help']);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toMatch(args[0] ? new RegExp(`^usage: .* ${args[0]}\\b`, 'i') : /^usage:\s/i);
    },
    30_000,
  );

  it('answers -h as --help', async () => {
    const short = await run('scripts/deploy.mjs', ['-h']);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe((await run('scripts/deploy.mjs', ['--help'])).stdout);
  });

  // Every subcommand of remotes parses its options in the same call: one of them stands for all.
  it.each(COMMANDS.filter(({ args }) => args[0] === undefined || args[0] === 'use'))(
    '$name refuses an unknown option in one line, exit 1',
    async ({ file, args }) => {
      const { code, stdout, stderr } = await run(file, [...args, '--bogus']);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(lines(stderr)).toEqual([expect.stringMatching(/^[\w:-]+: unknown option --bogus \(see --help\)$/)]);
    },
    30_000,
  );
});

describe('deploy', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'devhub-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // Tests run as root, whom a read-only folder does not stop: a folder under a file cannot be made by anyone.
  it('names a destination it cannot write in one line, before building anything', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    for (const option of ['--to', '--source-maps']) {
      const { code, stdout, stderr } = await run('scripts/deploy.mjs', [
        'catalog',
        ...(option === '--to' ? [] : ['--to', join(dir, 'deploy')]),
        option,
        join(file, 'sub'),
      ]);
      expect(code).toBe(1);
      expect(stdout).not.toMatch(/Building/);
      expect(lines(stderr)).toEqual([
        `deploy: cannot create ${join(file, 'sub', 'remote-catalog')}: part of the path is a file, not a folder (ENOTDIR)`,
      ]);
    }
  });

  it('says which argument is missing or wrong', async () => {
    const missing = await run('scripts/deploy.mjs', []);
    expect(missing.code).toBe(1);
    expect(lines(missing.stderr)).toEqual(['deploy: which remote? (catalog, auth, account) (see --help)']);
    const valueless = await run('scripts/deploy.mjs', ['catalog', '--to']);
    expect(lines(valueless.stderr)).toEqual(['deploy: --to needs a value (see --help)']);
    const unknown = await run('scripts/deploy.mjs', ['nope', '--to', dir]);
    expect(lines(unknown.stderr)).toEqual(['deploy: unknown remote "nope" (known: catalog, auth, account)']);
  });
});

describe('remotes', () => {
  it('says which command or argument is missing', async () => {
    const none = await run('scripts/remotes.mjs', []);
    expect(none.code).toBe(1);
    expect(lines(none.stderr)).toEqual([
      'remotes: which command? (list, use, rollback, canary, doctor, prerender, init-storage) (see --help)',
    ]);
    const use = await run('scripts/remotes.mjs', ['use', 'catalog']);
    expect(use.code).toBe(1);
    expect(lines(use.stderr)).toEqual([
      'remotes: use needs <version>: npm run remotes -- use <remote> <version> [options] (see --help)',
    ]);
    const unknown = await run('scripts/remotes.mjs', ['bogus']);
    expect(lines(unknown.stderr)).toEqual([
      'remotes: unknown command "bogus" (list, use, rollback, canary, doctor, prerender, init-storage) (see --help)',
    ]);
  });

  it.each([
    [['canary', 'bogus'], 'remotes: canary needs an action: start, status, promote, abort, watch (see --help)'],
    [['canary', 'start', 'catalog'], 'remotes: canary start takes <remote> <version>, got catalog (see --help)'],
    [['canary', 'status', '--percent', '5'], 'remotes: --percent is an option of canary start (see --help)'],
    [['list', '--reason', 'x'], 'remotes: --reason is an option of canary only (see --help)'],
    [['canary', 'status', '--once'], 'remotes: --once is an option of canary watch (see --help)'],
    [
      ['canary', 'watch', 'catalog'],
      'remotes: canary watch needs --prometheus <url> (npm run preview -- --observe starts one) (see --help)',
    ],
    [
      ['canary', 'watch', 'catalog', '--prometheus', 'http://127.0.0.1:9', '--interval', '0'],
      'remotes: --interval must be a number of seconds ≥ 1, got "0" (see --help)',
    ],
  ])('says in one line what is wrong with %j', async (args, line) => {
    const result = await run('scripts/remotes.mjs', [...args, '--registry', 'unused.json']);
    expect({ code: result.code, stderr: lines(result.stderr) }).toEqual({ code: 1, stderr: [line] });
  });
});

describe('runCli', () => {
  const crash = (env) =>
    run(
      '--input-type=module',
      ['-e', `import { runCli } from ${JSON.stringify(CLI_URL)}; runCli('demo', () => null.x);`],
      env,
    );

  it('reports a bug nobody anticipated in one line, and its stack only with DEVHUB_DEBUG=1', async () => {
    const quiet = await crash();
    expect(quiet.code).toBe(1);
    expect(lines(quiet.stderr)).toEqual([
      expect.stringMatching(
        /^demo: unexpected error: Cannot read properties of null .* \(DEVHUB_DEBUG=1 shows where\)$/,
      ),
    ]);
    expect(quiet.stderr).not.toMatch(STACK_FRAME);

    const debug = await crash({ DEVHUB_DEBUG: '1' });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/^demo: unexpected error\nTypeError: Cannot read properties of null/);
    expect(debug.stderr).toMatch(STACK_FRAME);
  });

  it('exits with the code main resolves to', async () => {
    const result = await run('--input-type=module', [
      '-e',
      `import { runCli } from ${JSON.stringify(CLI_URL)}; runCli('demo', async () => 3);`,
    ]);
    expect(result).toEqual({ code: 3, stdout: '', stderr: '' });
  });
});

describe('describeFailure', () => {
  const systemError = (code, syscall, path) => Object.assign(new Error(`${code}: failed`), { code, syscall, path });

  it('says what a file-system error is about, and where', () => {
    expect(describeFailure(systemError('EACCES', 'open', '/srv/x.json'))).toBe(
      'cannot open /srv/x.json: permission denied (EACCES)',
    );
    expect(describeFailure(systemError('EROFS', 'mkdir', '/mnt/ro/a'))).toBe(
      'cannot create /mnt/ro/a: read-only file system (EROFS)',
    );
    expect(describeFailure(systemError('EXDEV', 'rename', '/a'))).toBe('cannot move /a: EXDEV: failed (EXDEV)');
  });

  it("passes on the message of the command's own errors and of the classes it names", () => {
    class PortProblem extends Error {}
    expect(describeFailure(new CliError('two\nlines'))).toBe('two\nlines');
    expect(describeFailure(new UsageError('which remote?'))).toBe('which remote? (see --help)');
    expect(describeFailure(new PortProblem('port 70000'), [PortProblem])).toBe('port 70000');
  });

  it('leaves anything else to the caller, as a bug', () => {
    expect(describeFailure(new TypeError('x is undefined'))).toBeUndefined();
    expect(describeFailure('a string')).toBeUndefined();
  });
});
