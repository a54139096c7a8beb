import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRemoteNameForm } from '@devhub/contracts/registry';
import { WORKSPACE_ROOT, browserAppDirs, remoteApps, workspaceApps } from './workspace.mjs';

describe('the workspace', () => {
  it('names every remote app as a registry names a remote, and has one shell', () => {
    expect(remoteApps().length).toBeGreaterThan(0);
    for (const app of remoteApps()) expect([app.name, isRemoteNameForm(app.name)]).toEqual([app.name, true]);
    expect(
      workspaceApps()
        .filter((app) => app.kind === 'host')
        .map((app) => app.name),
    ).toEqual(['shell']);
  });

  it('lists as browser apps the shell and the remotes, not the services nor the packages that are no app', () => {
    const dirs = browserAppDirs();
    expect(dirs).toContain('shell');
    expect(dirs).toEqual(expect.arrayContaining(remoteApps().map((app) => app.dir)));
    for (const other of ['auth-api', 'telemetry', 'shared', 'contracts', 'e2e']) expect(dirs).not.toContain(other);
  });

  it('knows the services by their kind: one auth API, one telemetry collector with its metrics port', () => {
    const services = workspaceApps().filter((app) => app.kind === 'api' || app.kind === 'collector');
    expect(services.map(({ name, kind, dir }) => ({ name, kind, dir }))).toEqual([
      { name: 'auth-api', kind: 'api', dir: 'auth-api' },
      { name: 'telemetry', kind: 'collector', dir: 'telemetry' },
    ]);
    expect(services.find((app) => app.kind === 'collector')?.metricsPort).toEqual(expect.any(Number));
  });

  it('gives every app its own port, and a collector its metrics a port of their own', () => {
    const ports = workspaceApps().flatMap((app) => [
      app.port,
      ...(app.metricsPort === undefined ? [] : [app.metricsPort]),
    ]);
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
