import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs, { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { REMOTE_NAME_RULE } from '@devhub/contracts/registry';
import { packageBin } from '../../rspack/package-bin.mjs';
import { newRemote } from './new-remote.mjs';
import { WORKSPACE_ROOT, workspaceDirs } from './workspace.mjs';

/** Every file under `dir`, relative to it. */
function filesOf(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Writes one package.json of `root` as the project writes them. */
function writePackage(root, dir, pkg) {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}

const editPackage = (root, dir, edit) => writePackage(root, dir, edit(readJson(join(root, dir, 'package.json'))));

describe('new-remote', () => {
  let root;
  beforeEach(() => {
    // The workspace as the generator reads it: the root package.json and each package's.
    root = mkdtempSync(join(tmpdir(), 'new-remote-'));
    for (const dir of ['.', ...workspaceDirs()]) {
      cpSync(join(WORKSPACE_ROOT, dir, 'package.json'), join(root, dir, 'package.json'));
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("writes remote-<name>/ as remote-account is made, without pages, and adds it to the workspaces' remotes", () => {
    const rootBefore = readFileSync(join(root, 'package.json'), 'utf8');
    const before = filesOf(root);
    const { dir, port, files, next } = newRemote({ root, name: 'forum', port: '3004' });

    expect([dir, port]).toEqual(['remote-forum', 3004]);
    const written = [
      'remote-forum/package.json',
      'remote-forum/rspack.config.ts',
      'remote-forum/tsconfig.json',
      'remote-forum/index.html',
      'remote-forum/src/index.ts',
      'remote-forum/src/app/bootstrap.tsx',
      'remote-forum/src/app/routes.ts',
      'remote-forum/src/app/routes.test.ts',
    ];
    expect(files).toEqual([...written, 'package.json']);
    expect(filesOf(root)).toEqual([...before, ...written].sort());

    // One line more in the root package.json, after the last remote.
    const lines = rootBefore.split('\n');
    const after = lines.findLastIndex((line) => /^ {4}"remote-[a-z0-9]+",?$/.test(line));
    lines.splice(after + 1, 0, '    "remote-forum",');
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(lines.join('\n'));

    const pkg = readJson(join(root, 'remote-forum/package.json'));
    const account = readJson(join(root, 'remote-account/package.json'));
    expect(pkg).toMatchObject({ name: 'remote-forum', version: '1.0.0', private: true, type: 'module' });
    expect(pkg.description).toEqual(expect.any(String));
    expect(pkg.devhub).toEqual({ name: 'forum', kind: 'remote', port: 3004 });
    expect(pkg.scripts).toEqual({
      ...account.scripts,
      'test:unit': 'jest -c ../jest.config.mjs --selectProjects remote-forum',
    });

    const text = (file) => readFileSync(join(root, 'remote-forum', file), 'utf8');
    expect(text('src/app/routes.ts')).toContain('export const ROUTES: RemoteRouteTable = [];\n');
    expect(text('src/app/routes.ts')).toContain('npm run new-page -- forum /<path>');
    expect(text('src/app/bootstrap.tsx')).toContain("renderStandalone('forum', ROUTES, ");
    expect(text('index.html')).toContain('<html lang="vi">');
    expect(text('index.html')).toContain('<title>DevHub · remote-forum</title>');
    expect(readJson(join(root, 'remote-forum/tsconfig.json')).compilerOptions.outDir).toBe(
      '../node_modules/.cache/tsc/remote-forum',
    );
    expect(text('src/app/routes.test.ts')).toContain('routeTableProblems(');

    expect(next).toEqual([
      'npm run new-page -- forum /forum --title "Forum" --layout main --access public',
      'npm install',
      'npm run build -w remote-forum',
      'npm run deploy -- forum',
      'npm run remotes -- use forum 1.0.0 --env preview',
    ]);
  });

  it("takes its dependencies' ranges from the shell, so they follow the shell's upgrades", () => {
    editPackage(root, 'shell', (pkg) => ({ ...pkg, dependencies: { ...pkg.dependencies, react: '^19.9.0' } }));
    newRemote({ root, name: 'forum' });
    const { dependencies } = readJson(join(root, 'remote-forum/package.json'));
    expect(dependencies).toEqual(readJson(join(root, 'shell/package.json')).dependencies);
    expect(dependencies.react).toBe('^19.9.0');
  });

  it('writes every file as Prettier formats it (npm run lint checks them)', () => {
    const { files } = newRemote({ root, name: 'forum' });
    const prettier = spawnSync(
      process.execPath,
      [packageBin('prettier'), '--check', '--config', join(WORKSPACE_ROOT, '.prettierrc.json'), ...files],
      { cwd: root, encoding: 'utf8' },
    );
    expect([prettier.status, prettier.stderr]).toEqual([0, '']);
  });

  it('chooses, without --port, the next free port after the highest a remote uses', () => {
    const remotePorts = workspaceDirs()
      .map((dir) => readJson(join(root, dir, 'package.json')).devhub)
      .filter((devhub) => devhub?.kind === 'remote')
      .map((devhub) => devhub.port);
    expect(newRemote({ root, name: 'forum' }).port).toBe(Math.max(...remotePorts) + 1);
    // A port another package took is skipped.
    editPackage(root, 'auth-api', (pkg) => ({ ...pkg, devhub: { ...pkg.devhub, port: Math.max(...remotePorts) + 2 } }));
    expect(newRemote({ root, name: 'wiki' }).port).toBe(Math.max(...remotePorts) + 3);
    expect(readJson(join(root, 'package.json')).workspaces.filter((dir) => dir.startsWith('remote-'))).toEqual([
      'remote-catalog',
      'remote-auth',
      'remote-account',
      'remote-forum',
      'remote-wiki',
    ]);
  });

  describe('refuses in one line, writing nothing', () => {
    beforeEach(() => {
      // A package that is no remote-<name> folder still owns its federation name and its package name.
      editPackage(root, '.', (pkg) => ({ ...pkg, workspaces: [...pkg.workspaces, 'teams/blog', 'news-app'] }));
      writePackage(root, 'teams/blog', { name: 'blog', devhub: { name: 'blog' } });
      writePackage(root, 'news-app', { name: 'remote-news' });
    });

    it.each([
      [{}, 'which name? usage: npm run new-remote -- <name> [--port <port>]'],
      ...['Forum', '1forum', 'forum-x', 'forum_x', 'f'.repeat(31)].map((name) => [
        { name },
        `"${name}" is not a remote name: ${REMOTE_NAME_RULE}`,
      ]),
      [{ name: 'account' }, 'remote-account/ already exists: the name "account" is taken'],
      [{ name: 'blog' }, 'the name "blog" is taken by teams/blog/package.json'],
      [{ name: 'shell' }, 'the name "shell" is taken by shell/package.json'],
      [{ name: 'news' }, 'the name "news" is taken by news-app/package.json'],
      [{ name: 'forum', port: '3003' }, 'port 3003 is taken by remote-account'],
      [{ name: 'forum', port: '3000' }, 'port 3000 is taken by shell'],
      [{ name: 'forum', port: '4000' }, 'port 4000 is taken by auth-api'],
      [{ name: 'forum', port: '9464' }, 'port 9464 is taken by telemetry'],
      ...['80', '1023', '65536', '3004.5', '3e3', '-1', 'abc', ''].map((port) => [
        { name: 'forum', port },
        `--port must be a whole number from 1024 to 65535, got "${port}"`,
      ]),
    ])('%j', (options, message) => {
      const before = filesOf(root);
      const rootText = readFileSync(join(root, 'package.json'), 'utf8');
      expect(() => newRemote({ root, ...options })).toThrow(message);
      expect(filesOf(root)).toEqual(before);
      expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(rootText);
    });

    it('a folder remote-<name> that is no workspace', () => {
      mkdirSync(join(root, 'remote-forum'));
      expect(() => newRemote({ root, name: 'forum' })).toThrow('remote-forum/ already exists');
      expect(readdirSync(join(root, 'remote-forum'))).toEqual([]);
    });

    it('when no port is left after the highest', () => {
      editPackage(root, 'remote-auth', (pkg) => ({ ...pkg, devhub: { ...pkg.devhub, port: 65_535 } }));
      expect(() => newRemote({ root, name: 'forum' })).toThrow(
        'no port is free after 65535: choose one with --port <port>',
      );
    });
  });

  it('writes nothing when one of its files cannot be written, so that a second run after the fix succeeds', () => {
    const before = filesOf(root);
    const rootText = readFileSync(join(root, 'package.json'), 'utf8');
    const rootFile = join(root, 'package.json');
    const { writeFileSync: write } = fs;
    // The root package.json is written last: every file of the remote is undone with it.
    const failing = jest.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
      if (file === rootFile && rest[0] !== rootText) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      return write(file, ...rest);
    });
    try {
      expect(() => newRemote({ root, name: 'forum' })).toThrow('nothing was written: disk full');
    } finally {
      failing.mockRestore();
    }
    expect(filesOf(root)).toEqual(before);
    expect(readFileSync(rootFile, 'utf8')).toBe(rootText);
    expect(newRemote({ root, name: 'forum' }).dir).toBe('remote-forum');
  });
});
