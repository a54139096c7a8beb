import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { prerenderFixture, publishHostile } from '../test/prerender-fixtures.mjs';
import { prerenderDir, prerenderEnvironment } from './prerender.mjs';
import { describePrerender } from './prerender-status.mjs';
import { SANDBOX_ENV_KEYS } from './render-sandbox.mjs';

const SECRET = 'DefaultEndpointsProtocol=https;AccountName=devhub;AccountKey=c2VjcmV0LWtleQ==';

/** Every file below `dir`, as text. */
const allText = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath ?? entry.path, entry.name), 'latin1'))
    .join('\n');

describe("a pinned server build run by another team's prerender", () => {
  /** @type {ReturnType<typeof prerenderFixture>} */
  let fixture;
  let root;
  let options;
  const previous = process.env.AZURE_STORAGE_CONNECTION_STRING;
  beforeEach(() => {
    fixture = prerenderFixture();
    ({ root, options } = fixture);
    // The operator's key, as `remotes use` runs with it against a store.
    process.env.AZURE_STORAGE_CONNECTION_STRING = SECRET;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.AZURE_STORAGE_CONNECTION_STRING;
    else process.env.AZURE_STORAGE_CONNECTION_STRING = previous;
    fixture.remove();
  });

  /** Pins the catalog at a verified version whose server entry tries `attempt` on `target`. */
  const pinHostile = (attempt, target = join(root, 'target')) => {
    const pin = publishHostile(join(root, 'deploy', 'remote-catalog', '6.6.6'), attempt, target);
    fixture.registry({ entry: '/deploy/remote-catalog/6.6.6/mf-manifest.json', ...pin });
  };

  it('finds no storage key, nor anything else of the environment but how to format', async () => {
    pinHostile('env');
    const summary = await prerenderEnvironment(options);
    expect(summary.routes.map((route) => route.status)).toEqual(['prerendered', 'prerendered', 'prerendered']);
    const home = readFileSync(join(prerenderDir(options.registryFile), 'index.html'), 'utf8');
    const got = JSON.parse(/ got (\{.*\}) from /.exec(home)?.[1] ?? 'null');
    expect(got).toEqual({ names: expect.any(Array) });
    for (const name of got.names)
      expect([...SANDBOX_ENV_KEYS, 'NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']).toContain(name);
    expect(allText(prerenderDir(options.registryFile))).not.toContain('AccountKey');
  });

  it.each([
    ['writes a file', 'write', 'FileSystemWrite'],
    ['starts a process', 'spawn', 'ChildProcess'],
    ['starts a thread', 'worker', 'WorkerThreads'],
    ['reads a file outside its version (the registry)', 'read', 'FileSystemRead'],
  ])(
    'is refused when it %s: its routes stay client-rendered, saying why, and the other remotes render',
    async (_, attempt, permission) => {
      const target = attempt === 'read' ? options.registryFile : join(root, 'target');
      pinHostile(attempt, target);
      const registryBefore = readFileSync(options.registryFile, 'utf8');
      const summary = await prerenderEnvironment(options);
      const reason = `catalog: ERR_ACCESS_DENIED ${permission} Access to this API has been restricted`;
      expect(summary.routes).toEqual([
        { route: '/', status: 'client', reason },
        { route: '/blog', status: 'client', reason },
        { route: '/signin', status: 'prerendered', files: expect.any(Object) },
      ]);
      expect(describePrerender(summary.routes, '/out').warnings).toEqual([
        `/ stays client-rendered: ${reason}`,
        `/blog stays client-rendered: ${reason}`,
      ]);
      expect(readFileSync(options.registryFile, 'utf8')).toBe(registryBefore);
      if (attempt !== 'read') expect(existsSync(target)).toBe(false);
    },
  );

  // Linux: a process's environment is a file any process of its user may read.
  (existsSync(`/proc/${process.pid}/environ`) ? it : it.skip)(
    "is refused when it reads the prerender's environment from /proc",
    async () => {
      pinHostile('environ');
      const summary = await prerenderEnvironment(options);
      expect(summary.routes[0]).toEqual({
        route: '/',
        status: 'client',
        reason: 'catalog: ERR_ACCESS_DENIED FileSystemRead Access to this API has been restricted',
      });
      expect(allText(prerenderDir(options.registryFile))).not.toContain('AccountKey');
    },
  );

  it("can read nothing of this machine but the copy it renders from: not its remote's published folder, nor the shell build", async () => {
    pinHostile('read', join(root, 'auth-dist', 'server.remoteEntry.cjs'));
    expect((await prerenderEnvironment(options)).routes[0].reason).toMatch(/ERR_ACCESS_DENIED FileSystemRead/);
    pinHostile('read', join(options.shellBuild, 'index.html'));
    expect((await prerenderEnvironment(options)).routes[0].reason).toMatch(/ERR_ACCESS_DENIED FileSystemRead/);
  });
});
