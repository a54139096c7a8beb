// use, rollback and list on a registry in a folder: what they pin, keep and refuse.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXPOSES, ROUTE_TABLES } from '../test/compatibility-fixtures.mjs';
import { list, rollback, use } from './remotes-commands.mjs';
import { publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';

const workspace = useRemotesWorkspace();
const { registry, options } = workspace;
let deployDir;
let registryFile;
beforeEach(() => ({ deployDir, registryFile } = workspace.current));

describe('remotes commands', () => {
  it('pins a published, compatible version and remembers the previous one', async () => {
    const integrity = publish(deployDir, 'catalog', '1.1.0');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
      changed: true,
      previous: '1.0.0',
    });
    expect(registry().remotes.catalog).toEqual({
      entry: '/deploy/remote-catalog/1.1.0/mf-manifest.json',
      version: '1.1.0',
      integrity,
      routes: ROUTE_TABLES.catalog,
      previousVersions: ['1.0.0'],
    });
    expect((await list(options())).find((row) => row.remote === 'catalog')).toMatchObject({
      version: '1.1.0',
      previous: '1.0.0',
    });
  });

  it('rolls back to the previously pinned version', async () => {
    publish(deployDir, 'catalog', '1.1.0');
    await use({ ...options(), remote: 'catalog', version: '1.1.0' });
    await expect(rollback({ ...options(), remote: 'catalog' })).resolves.toMatchObject({
      version: '1.0.0',
      from: '1.1.0',
    });
    expect(registry().remotes.catalog).toMatchObject({ version: '1.0.0', previousVersions: [] });
  });

  const history = {
    expose: 'HistoryPage',
    what: 'lịch sử',
    layout: 'account',
    access: 'signed-in',
    routes: [{ path: '/orders/history', title: 'Lịch sử đơn hàng' }],
  };

  const withHistory = [...EXPOSES.account, './HistoryPage'];

  it("copies a version's routes into its pin; rolling back removes the routes it added", async () => {
    publish(deployDir, 'account', '1.1.0', { routes: [...ROUTE_TABLES.account, history], exposes: withHistory });
    await use({ ...options(), remote: 'account', version: '1.1.0' });
    expect(registry().remotes.account.routes).toEqual([...ROUTE_TABLES.account, history]);
    await rollback({ ...options(), remote: 'account' });
    expect(registry().remotes.account.routes).toEqual(ROUTE_TABLES.account);
    expect(JSON.stringify(registry())).not.toContain('/orders/history');
  });

  it("refuses a version whose routes collide with another pinned remote's, naming the path and both remotes", async () => {
    await use({ ...options(), remote: 'catalog', version: '1.0.0' });
    publish(deployDir, 'account', '1.1.0', {
      routes: [...ROUTE_TABLES.account, { ...history, routes: [{ path: '/blog' }] }],
      exposes: withHistory,
    });
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'account', version: '1.1.0' })).rejects.toThrow(
      'refusing account@1.1.0: path /blog is served by both catalog and account',
    );
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it.each([
    [
      'a path the shell keeps',
      [...ROUTE_TABLES.account, { ...history, routes: [{ path: '/__remotes' }] }],
      'refusing account@1.1.0: path /__remotes of account is kept by the shell',
    ],
    [
      'a layout the shell build does not know',
      [...ROUTE_TABLES.account, { ...history, layout: 'wide' }],
      'refusing account@1.1.0, whose routes the shell build at',
    ],
    [
      'an access rule the shell build does not know',
      [...ROUTE_TABLES.account, { ...history, access: 'admin' }],
      'HistoryPage: access "admin" is unknown to this shell (it knows public, signed-in)',
    ],
    [
      'a malformed route table',
      [{ ...history, routes: [{ path: 'orders' }] }],
      'refusing account@1.1.0, whose route table is malformed: page 1: path "orders" is not a route path',
    ],
    [
      'a route leading out of the pages folder',
      [...ROUTE_TABLES.account, { ...history, routes: [{ path: '/../../../../tmp/x' }] }],
      'refusing account@1.1.0, whose route table is malformed: page 5: path "/../../../../tmp/x" is not a route path: "/" then segments of letters, digits, ".", "_", "~" and "-", none of them "." or ".."',
    ],
    [
      'a manifest without a route table',
      null,
      "refusing account@1.1.0, whose route table is malformed: its manifest has no route table: rebuild it with this repository's build",
    ],
    [
      'routes naming a page its build does not expose',
      [...ROUTE_TABLES.account, history],
      'refusing account@1.1.0, whose routes name ./HistoryPage, which its build does not expose',
    ],
  ])('refuses a version with %s, registry untouched', async (_, routes, message) => {
    await use({ ...options(), remote: 'account', version: '1.0.0' });
    const exposes = message.includes('does not expose') ? EXPOSES.account : withHistory;
    publish(deployDir, 'account', '1.1.0', { routes, exposes });
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'account', version: '1.1.0' })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it.each([
    ['an unpublished version', () => undefined, /is not published/],
    [
      'a version missing an exposed page',
      (dir) => publish(dir, 'catalog', '2.0.0', { exposes: ['./HomePage'] }),
      /does not expose \.\/ListingPage/,
    ],
    [
      'a version built on another React major',
      (dir) => publish(dir, 'catalog', '2.0.0', { react: '18.3.1' }),
      /^catalog: needs react \^18\.3\.0; the shell provides 19\.3\.1$/m,
    ],
    [
      'a version using an export of @devhub/shared the shell build lacks',
      (dir) => publish(dir, 'catalog', '2.0.0', { strings: ['PAGE_TITLES', 'CATALOG_BANNER'] }),
      /^catalog: needs export "CATALOG_BANNER" of @devhub\/shared\/strings; the shell ships @devhub\/shared\/strings 0\.1\.0 without it$/m,
    ],
    [
      'a version whose entry script is gone',
      (dir) => publish(dir, 'catalog', '2.0.0', { entry: false }),
      /remoteEntry\.js has no digest/,
    ],
  ])('refuses %s and leaves the registry untouched', async (_, arrange, message) => {
    arrange(deployDir);
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'catalog', version: '2.0.0' })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it.each([
    ['its manifest', 'mf-manifest.json', /is not the manifest that was pinned/],
    [
      'its entry',
      'remoteEntry.js',
      /^remoteEntry\.js does not match its digest \(manifest sha384-\S+, file sha384-\S+\)$/m,
    ],
  ])('refuses a version whose %s changed after it was published, registry untouched', async (_, file, message) => {
    publish(deployDir, 'catalog', '1.1.0');
    appendFileSync(join(deployDir, 'remote-catalog', '1.1.0', file), '\n');
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it('refuses, fail closed, a version whose index records no digest', async () => {
    publish(deployDir, 'catalog', '1.1.0');
    writeFileSync(
      join(deployDir, 'remote-catalog', 'versions.json'),
      JSON.stringify({ versions: [{ version: '1.1.0' }] }),
    );
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).rejects.toThrow(
      /records no digest for 1\.1\.0/,
    );
  });

  it("keeps another team's broken pin as the file has it, lists it as refused, and lets its team pin it again", async () => {
    const pinned = registry();
    // Routes that lead out of the pages folder: nothing runs or prerenders this pin.
    const broken = { ...pinned.remotes.catalog, routes: [{ ...ROUTE_TABLES.catalog[0], routes: [{ path: '/../x' }] }] };
    writeFileSync(registryFile, JSON.stringify({ ...pinned, remotes: { ...pinned.remotes, catalog: broken } }));
    publish(deployDir, 'auth', '1.1.0');
    await expect(use({ ...options(), remote: 'auth', version: '1.1.0' })).resolves.toMatchObject({ changed: true });
    expect(Object.keys(registry().remotes)).toEqual(['catalog', 'auth', 'account']);
    expect(registry().remotes.catalog).toEqual(broken);
    expect((await list(options())).find((row) => row.remote === 'catalog')).toEqual({
      remote: 'catalog',
      version: '(refused)',
      candidate: '',
      entry: expect.stringMatching(/^"remotes\.catalog\.routes" is not a route table: page 1: path "\/\.\.\/x"/),
      previous: '',
    });
    await use({ ...options(), remote: 'catalog', version: '1.0.0' });
    expect(registry().remotes.catalog).toMatchObject({ version: '1.0.0', routes: ROUTE_TABLES.catalog });
    expect(Object.keys(registry().remotes)).toEqual(['catalog', 'auth', 'account']);
  });

  it('adds a remote the registry does not name yet, with the same checks; rolling back its first pin removes it', async () => {
    const forum = {
      expose: 'ForumPage',
      what: 'diễn đàn',
      layout: 'main',
      access: 'public',
      routes: [{ path: '/forum' }],
    };
    await use({ ...options(), remote: 'catalog', version: '1.0.0' });
    const integrity = publish(deployDir, 'forum', '1.0.0', { exposes: ['./ForumPage'], routes: [forum] });
    await expect(use({ ...options(), remote: 'forum', version: '1.0.0' })).resolves.toMatchObject({ changed: true });
    expect(registry().remotes.forum).toEqual({
      entry: '/deploy/remote-forum/1.0.0/mf-manifest.json',
      version: '1.0.0',
      integrity,
      routes: [forum],
      previousVersions: [],
    });
    expect((await list(options())).map((row) => row.remote)).toEqual(['catalog', 'auth', 'account', 'forum']);
    await expect(rollback({ ...options(), remote: 'forum' })).resolves.toMatchObject({ from: '1.0.0', removed: true });
    expect(Object.keys(registry().remotes)).toEqual(['catalog', 'auth', 'account']);
    expect(JSON.stringify(registry())).not.toContain('/forum');
    await expect(rollback({ ...options(), remote: 'forum' })).rejects.toThrow(
      `forum is not pinned in ${registryFile}: nothing to roll back`,
    );
    await use({ ...options(), remote: 'forum', version: '1.0.0' });
    publish(deployDir, 'forum', '1.1.0', {
      exposes: ['./ForumPage'],
      routes: [{ ...forum, routes: [{ path: '/blog' }] }],
    });
    await expect(use({ ...options(), remote: 'forum', version: '1.1.0' })).rejects.toThrow(
      'refusing forum@1.1.0: path /blog is served by both catalog and forum',
    );
  });

  it('refuses what is not a remote name, and a missing version', async () => {
    await expect(use({ ...options(), remote: '../catalog', version: '1.0.0' })).rejects.toThrow(
      '"../catalog" is not a remote name',
    );
    await expect(use({ ...options(), remote: 'catalog' })).rejects.toThrow('which version?');
  });
});
