import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS, API, COLLECTOR, PORT_SETTINGS, PortError, buildPlan, hasPages, withPorts } from './apps.mjs';

const portsOf = ({ apps, api, collector }) =>
  Object.fromEntries([
    ...[...apps, api, collector].map(({ id, port }) => [id, port]),
    [`${collector.id}-metrics`, collector.metricsPort],
  ]);

describe('app ports', () => {
  it('keeps the documented ports when nothing is set', () => {
    // Those the README names; a remote a team added keeps its own (its package.json's devhub.port).
    expect(portsOf(withPorts())).toMatchObject({
      shell: 3000,
      catalog: 3001,
      auth: 3002,
      account: 3003,
      'auth-api': 4000,
      telemetry: 4100,
      'telemetry-metrics': 9464,
    });
    expect(portsOf(withPorts())).toEqual(portsOf({ apps: APPS, api: API, collector: COLLECTOR }));
    expect(withPorts().apps.map(({ id, dir, kind }) => ({ id, dir, kind }))).toEqual(
      APPS.map(({ id, dir, kind }) => ({ id, dir, kind })),
    );
    expect(withPorts().api.dir).toBe(API.dir);
    expect(withPorts().collector.dir).toBe(COLLECTOR.dir);
  });

  it('runs the collector beside the browser apps, never as one of them', () => {
    expect(APPS.map((app) => app.id)).not.toContain(COLLECTOR.id);
    expect(PORT_SETTINGS.filter(({ id }) => id.startsWith('telemetry'))).toEqual([
      { id: 'telemetry', flag: 'telemetry-port', env: 'DEVHUB_TELEMETRY_PORT' },
      { id: 'telemetry-metrics', flag: 'telemetry-metrics-port', env: 'DEVHUB_TELEMETRY_METRICS_PORT' },
    ]);
  });

  it('takes ports from flags first, then from the environment', () => {
    const ports = withPorts(
      { 'shell-port': '5000', 'api-port': '5004', 'telemetry-port': '5005' },
      { DEVHUB_SHELL_PORT: '6000', DEVHUB_CATALOG_PORT: '6001', DEVHUB_TELEMETRY_METRICS_PORT: '6006' },
    );
    expect(portsOf(ports)).toEqual({
      ...portsOf({ apps: APPS, api: API, collector: COLLECTOR }),
      shell: 5000,
      catalog: 6001,
      'auth-api': 5004,
      telemetry: 5005,
      'telemetry-metrics': 6006,
    });
  });

  it.each([
    [{ 'shell-port': 'abc' }, {}, '--shell-port must be a port number from 1 to 65535, got "abc"'],
    [{ 'auth-port': '70000' }, {}, '--auth-port must be a port number from 1 to 65535, got "70000"'],
    [{}, { DEVHUB_API_PORT: '0' }, 'DEVHUB_API_PORT must be a port number from 1 to 65535, got "0"'],
    [{ 'catalog-port': '3.5' }, {}, '--catalog-port must be a port number'],
    [{ 'account-port': '3001' }, {}, 'catalog and account cannot both use port 3001'],
    [{ 'telemetry-metrics-port': '4100' }, {}, 'telemetry and telemetry-metrics cannot both use port 4100'],
    [{}, { DEVHUB_TELEMETRY_PORT: '4000' }, 'auth-api and telemetry cannot both use port 4000'],
  ])('refuses %p %p', (flags, env, message) => {
    expect(() => withPorts(flags, env)).toThrow(PortError);
    expect(() => withPorts(flags, env)).toThrow(message);
  });
});

describe('hasPages', () => {
  it('is true of every remote of the workspace, and false of one new-remote just made', () => {
    expect(APPS.filter((app) => app.kind === 'remote' && !hasPages(app))).toEqual([]);
    const root = mkdtempSync(join(tmpdir(), 'has-pages-'));
    try {
      const forum = { dir: 'remote-forum' };
      expect(hasPages(forum, root)).toBe(false);
      mkdirSync(join(root, 'remote-forum', 'src', 'app', 'exposes'), { recursive: true });
      expect(hasPages(forum, root)).toBe(false);
      writeFileSync(join(root, 'remote-forum', 'src', 'app', 'exposes', 'forum-page.tsx'), '');
      expect(hasPages(forum, root)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('buildPlan', () => {
  it('builds every workspace with a build script, in order, and says why a remote without a page is left out', () => {
    const root = mkdtempSync(join(tmpdir(), 'build-plan-'));
    const workspace = (dir, pkg) => {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, 'package.json'), JSON.stringify({ name: dir, ...pkg }));
    };
    try {
      writeFileSync(
        join(root, 'package.json'),
        JSON.stringify({ workspaces: ['shared', 'shell', 'remote-forum', 'e2e'] }),
      );
      workspace('shared', { scripts: { build: 'tsc' } });
      workspace('shell', { scripts: { build: 'rspack build' }, devhub: { kind: 'host', name: 'shell', port: 3000 } });
      workspace('remote-forum', {
        scripts: { build: 'rspack build' },
        devhub: { kind: 'remote', name: 'forum', port: 3004 },
      });
      workspace('e2e', { scripts: { test: 'playwright test' } });
      expect(buildPlan(root)).toEqual({
        build: ['shared', 'shell'],
        skipped: [
          '⚠ remote-forum has no page yet, so it is not built: add its first with "npm run new-page -- forum /<path> --title <title>"',
        ],
      });
      mkdirSync(join(root, 'remote-forum', 'src', 'app', 'exposes'), { recursive: true });
      writeFileSync(join(root, 'remote-forum', 'src', 'app', 'exposes', 'forum-page.tsx'), '');
      expect(buildPlan(root)).toEqual({ build: ['shared', 'shell', 'remote-forum'], skipped: [] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('leaves out nothing of this workspace: every app with a page is built', () => {
    const { build, skipped } = buildPlan();
    expect(skipped).toEqual([]);
    expect(APPS.filter((app) => !build.includes(app.dir))).toEqual([]);
  });
});
