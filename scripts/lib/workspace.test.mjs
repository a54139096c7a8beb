import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@devhub/shared/remote-contract';
import { WORKSPACE_ROOT, browserAppDirs, remoteApps, workspaceApps } from './workspace.mjs';

describe('the workspace', () => {
  it('has one remote app for every remote of the page table, and one shell', () => {
    expect(
      remoteApps()
        .map((app) => app.name)
        .sort(),
    ).toEqual([...REMOTE_NAMES].sort());
    expect(
      workspaceApps()
        .filter((app) => app.kind === 'host')
        .map((app) => app.name),
    ).toEqual(['shell']);
  });

  it('lists as browser apps the shell and the remotes, not the API nor the packages that are no app', () => {
    const dirs = browserAppDirs();
    expect(dirs).toContain('shell');
    expect(dirs).toEqual(expect.arrayContaining(remoteApps().map((app) => app.dir)));
    for (const other of ['auth-api', 'shared', 'contracts', 'e2e']) expect(dirs).not.toContain(other);
  });

  it('gives every app its own dev server port', () => {
    const ports = workspaceApps().map((app) => app.port);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('pins the packages that define the runtime contract between apps to exact versions', () => {
    const loose = [];
    for (const dir of ['.', ...JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8')).workspaces]) {
      const pkg = JSON.parse(readFileSync(join(WORKSPACE_ROOT, dir, 'package.json'), 'utf8'));
      for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (/^@(module-federation|rspack)\//.test(name) && !/^\d+\.\d+\.\d+$/.test(range))
          loose.push(`${dir}: ${name}@${range}`);
      }
    }
    expect(loose).toEqual([]);
  });
});
