import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_DIRS, startStack } from '../e2e/support/stack.mjs';
import { serverOfCommit } from './lib/server-of-commit.mjs';

// `bench:ab --b-server <commit>` must differ from A in the serving code alone: B answers from the
// very files A's stack prepared, the registry above all (its routes and digests decide which paths
// the shell takes). fb628ca is the hand-written server the fastify one replaced (05ce8b4).
const OLD_SERVER_COMMIT = 'fb628ca';

/** A build folder as the stack needs one: the shell's page and each remote's manifest and entry. */
function makeBuildRoot() {
  const root = mkdtempSync(join(tmpdir(), 'devhub-ab-server-test-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><title>shell</title><script>boot()</script>',
  );
  for (const [name, dir] of Object.entries(REMOTE_DIRS)) {
    mkdirSync(join(root, dir, 'dist'), { recursive: true });
    writeFileSync(join(root, dir, 'dist', 'remoteEntry.js'), `/* ${name} */`);
    writeFileSync(
      join(root, dir, 'dist', 'mf-manifest.json'),
      JSON.stringify({ name, metaData: {}, routes: [{ path: `/${name}`, page: `${name}/Page` }] }),
    );
  }
  return root;
}

/** @param {string} url */
async function get(url) {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe(`bench:ab --b-server ${OLD_SERVER_COMMIT}`, () => {
  let buildRoot;
  let stack;
  let oldServer;
  let served;

  beforeAll(async () => {
    buildRoot = makeBuildRoot();
    stack = await startStack({ buildRoot, protocol: 'h1', layout: 'cdn' });
    oldServer = await serverOfCommit(OLD_SERVER_COMMIT);
    served = await oldServer.serve(stack);
  });

  afterAll(async () => {
    await served?.stop();
    await stack?.stop();
    oldServer?.remove();
    rmSync(buildRoot, { recursive: true, force: true });
  });

  it('serves B from the registry bytes A serves, with their routes and digests', async () => {
    const written = readFileSync(stack.registryFile);
    const a = await get(`${stack.shellUrl}/remotes.json`);
    const b = await get(`${served.shellUrl}/remotes.json`);
    expect(served.shellUrl).not.toBe(stack.shellUrl);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.equals(written)).toBe(true);
    expect(b.body.equals(written)).toBe(true);
    expect(JSON.parse(b.body.toString()).remotes.catalog).toEqual({
      entry: '/remotes/catalog/mf-manifest.json',
      integrity: expect.stringMatching(/^sha384-/),
      routes: [{ path: '/catalog', page: 'catalog/Page' }],
    });
  });

  it('serves B the remotes A deployed (each manifest as sealed for its pin)', async () => {
    for (const name of Object.keys(REMOTE_DIRS)) {
      const a = await get(`${stack.shellUrl}/remotes/${name}/mf-manifest.json`);
      const b = await get(`${served.shellUrl}/remotes/${name}/mf-manifest.json`);
      expect(b.status).toBe(200);
      expect(b.body.equals(a.body)).toBe(true);
      expect(JSON.parse(b.body.toString()).metaData.integrity).toHaveProperty(['remoteEntry.js']);
    }
  });

  it("answers B with that commit's server: the page without today's headers", async () => {
    const a = await get(`${stack.shellUrl}/signin`);
    const b = await get(`${served.shellUrl}/signin`);
    expect(b.body.equals(a.body)).toBe(true);
    expect(a.headers.get('content-security-policy')).toMatch(/script-src [^;]*'sha256-/);
    expect(b.headers.get('content-security-policy')).toBeNull();
    expect(b.headers.get('x-content-type-options')).toBeNull();
  });
});
