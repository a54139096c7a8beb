import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS, API, PortError, hasPages, withPorts } from './apps.mjs';

const portsOf = ({ apps, api }) => Object.fromEntries([...apps, api].map(({ id, port }) => [id, port]));

describe('app ports', () => {
  it('keeps the documented ports when nothing is set', () => {
    // Those the README names; a remote a team added keeps its own (its package.json's devhub.port).
    expect(portsOf(withPorts())).toMatchObject({
      shell: 3000,
      catalog: 3001,
      auth: 3002,
      account: 3003,
      'auth-api': 4000,
    });
    expect(portsOf(withPorts())).toEqual(portsOf({ apps: APPS, api: API }));
    expect(withPorts().apps.map(({ id, dir, kind }) => ({ id, dir, kind }))).toEqual(
      APPS.map(({ id, dir, kind }) => ({ id, dir, kind })),
    );
    expect(withPorts().api.dir).toBe(API.dir);
  });

  it('takes ports from flags first, then from the environment', () => {
    const { apps, api } = withPorts(
      { 'shell-port': '5000', 'api-port': '5004' },
      { DEVHUB_SHELL_PORT: '6000', DEVHUB_CATALOG_PORT: '6001' },
    );
    expect(portsOf({ apps, api })).toEqual({
      ...portsOf({ apps: APPS, api: API }),
      shell: 5000,
      catalog: 6001,
      'auth-api': 5004,
    });
  });

  it.each([
    [{ 'shell-port': 'abc' }, {}, '--shell-port must be a port number from 1 to 65535, got "abc"'],
    [{ 'auth-port': '70000' }, {}, '--auth-port must be a port number from 1 to 65535, got "70000"'],
    [{}, { DEVHUB_API_PORT: '0' }, 'DEVHUB_API_PORT must be a port number from 1 to 65535, got "0"'],
    [{ 'catalog-port': '3.5' }, {}, '--catalog-port must be a port number'],
    [{ 'account-port': '3001' }, {}, 'catalog and account cannot both use port 3001'],
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
