import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_NAME_RULE } from '@devhub/contracts/registry';
import { WORKSPACE_ROOT, workspaceDirs } from './lib/workspace.mjs';
import { runScriptProcess } from './test/script-process.mjs';

/** `npm run new-remote -- <args>` on this workspace: only refusals, which write nothing. */
const newRemoteCommand = (args) => runScriptProcess('scripts/new-remote.mjs', args);

describe('npm run new-remote, refusing: one line, exit 1, nothing written', () => {
  it.each([
    [[], 'which name? usage: npm run new-remote -- <name> [--port <port>]'],
    [['Forum'], `"Forum" is not a remote name: ${REMOTE_NAME_RULE}`],
    [['account'], 'remote-account/ already exists: the name "account" is taken'],
    [['forum', '--port', '4000'], "port 4000 is taken by auth-api (its package.json's devhub ports)"],
    [['forum', '--port', '80'], '--port must be a whole number from 1024 to 65535, got "80"'],
    [['forum', 'extra'], 'unexpected argument "extra"'],
    [['forum', '--prot', '3004'], 'unknown option --prot (see --help)'],
    [['forum', '--port'], '--port needs a value (see --help)'],
  ])('%j', async (args, line) => {
    const rootPackage = readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8');
    const { code, stdout, stderr } = await newRemoteCommand(args);
    expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: `new-remote: ${line}\n` });
    expect(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8')).toBe(rootPackage);
  });

  it('prints its usage for --help', async () => {
    const { code, stdout } = await newRemoteCommand(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: npm run new-remote -- <name> \[--port <port>\]\n/);
  });
});

describe('npm run new-remote, in a copy of the workspace', () => {
  let root;
  beforeEach(() => {
    // The command and its libraries, the package.json files, and this workspace's installed packages.
    root = mkdtempSync(join(tmpdir(), 'new-remote-cli-'));
    cpSync(join(WORKSPACE_ROOT, 'scripts'), join(root, 'scripts'), { recursive: true });
    for (const dir of ['.', ...workspaceDirs()]) {
      cpSync(join(WORKSPACE_ROOT, dir, 'package.json'), join(root, dir, 'package.json'));
    }
    symlinkSync(join(WORKSPACE_ROOT, 'node_modules'), join(root, 'node_modules'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('says what it wrote and the commands to run next, each as it is typed', () => {
    const { status, stdout, stderr } = spawnSync(
      process.execPath,
      [join(root, 'scripts/new-remote.mjs'), 'forum', '--port', '3004'],
      { cwd: root, encoding: 'utf8' },
    );
    expect([status, stderr]).toEqual([0, '']);
    expect(stdout).toBe(`Created remote-forum (port 3004):
  remote-forum/package.json
  remote-forum/rspack.config.ts
  remote-forum/tsconfig.json
  remote-forum/index.html
  remote-forum/src/index.ts
  remote-forum/src/app/bootstrap.tsx
  remote-forum/src/app/routes.ts
  remote-forum/src/app/routes.test.ts
  package.json
Next: its first page (it builds once it has one), install, build, deploy, pin:
  npm run new-page -- forum /forum --title "Forum" --layout main --access public
  npm install
  npm run build -w remote-forum
  npm run deploy -- forum
  npm run remotes -- use forum 1.0.0 --env preview
`);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces).toContain('remote-forum');
  });
});
