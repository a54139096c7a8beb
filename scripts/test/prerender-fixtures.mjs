// The environment the prerender's tests render (prerender*.test.mjs): a shell build, a stand-in
// for its server renderer, small published versions of the remotes and a registry pinning them.
// The stand-in renders each route as the remotes it is given allow, so the tests exercise the
// prerender's own work (which remote is read where, what runs with which rights, what is written
// and reported) without a build.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteRecord, writeShellRecord } from './compatibility-fixtures.mjs';
import { sealVersion } from '../lib/integrity.mjs';

export const TEMPLATE =
  '<!doctype html><html><head><title>DevHub</title></head><body><div id="root"></div></body></html>';

/** A server build that, loaded, tries what no remote may (fixtures/hostile-server-entry.cjs). */
export const HOSTILE_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hostile-server-entry.cjs');

/**
 * The stand-in renderer. It requires each route's remote entry as the real one does, and reports
 * a failure as the real one would (its message, plus the code and permission of a refusal).
 * `mode`: what else it does (hang, crash, throw, linger, repin, traversal); `report`: the URL it
 * tells the test about itself on (it can write no file to do so).
 *
 * @param {{ mode?: string, report?: string, routes?: unknown[] }} [options]  `routes`: sent back too (traversal)
 */
export const fakeRenderer = ({ mode = '', report = '', routes = [] } = {}) => `
const MODE = ${JSON.stringify(mode)};
const REPORT = ${JSON.stringify(report)};
const EXTRA = ${JSON.stringify(routes)};
const { fileURLToPath } = require('node:url');
const problemOf = (error) => [error.code, error.permission, error.message].filter(Boolean).join(' ');
exports.prerender = async (input) => {
  if (MODE === 'hang') await new Promise(() => setInterval(() => {}, 1000));
  if (MODE === 'crash') process.exit(3);
  if (MODE === 'throw') throw new Error('the renderer broke in ' + __filename);
  if (MODE === 'linger') {
    setInterval(() => {}, 1000);
    await fetch(REPORT + '/pid/' + process.pid);
  }
  if (MODE === 'repin') await fetch(REPORT + '/repin');
  const pages = ['/', '/blog', '/signin'].map((route) => {
    const name = route === '/signin' ? 'auth' : 'catalog';
    const remote = input.remotes[name];
    if (remote && remote.unavailable) return { route, problem: name + ': ' + remote.unavailable };
    if (!remote || !remote.serverEntry) return { route, problem: name + ' has no server build in this version' };
    let page;
    try {
      page = require(fileURLToPath(remote.serverEntry)).page;
    } catch (error) {
      return { route, problem: name + ': ' + problemOf(error) };
    }
    const text = route + ' ' + page + ' from ' + remote.serverEntry + ' at ' + remote.publicPath + (remote.verified ? ', verified' : '');
    return { route, html: input.template.replace('<div id="root"></div>', '<div id="root">' + text + '</div>') };
  });
  return [...pages, ...EXTRA.map((route) => ({ route, html: 'from ' + JSON.stringify(route) }))];
};`;

/**
 * A version of a remote: its manifest (with a server entry unless `ssr` is false) and that entry,
 * whose page says `page`.
 *
 * @param {string} dir
 * @param {string} remote
 * @param {{ ssr?: boolean, record?: unknown, page?: string }} [options]
 */
export function publish(
  dir,
  remote,
  { ssr = true, record = remoteRecord(remote, '1.0.0'), page = `${remote} page` } = {},
) {
  mkdirSync(dir, { recursive: true });
  /** @type {Record<string, unknown>} */
  const metaData = { remoteEntry: { name: 'remoteEntry.js', path: '' } };
  if (ssr) metaData.ssrRemoteEntry = { name: 'server.remoteEntry.cjs', path: '', type: 'commonjs-module' };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ metaData, compatibility: record }));
  if (ssr) writeFileSync(join(dir, 'server.remoteEntry.cjs'), `module.exports = { page: ${JSON.stringify(page)} };\n`);
}

/**
 * A published version of the catalog whose server entry is the hostile one, trying `attempt` on
 * `target`, sealed as `deploy` seals it. Returns its pin.
 *
 * @param {string} dir
 * @param {string} attempt  one of fixtures/hostile-server-entry.cjs's
 * @param {string} target
 */
export function publishHostile(dir, attempt, target) {
  publish(dir, 'catalog');
  copyFileSync(HOSTILE_ENTRY, join(dir, 'server.remoteEntry.cjs'));
  writeFileSync(join(dir, 'server.attempt.cjs'), `module.exports = ${JSON.stringify({ attempt, target })};\n`);
  return { version: '6.6.6', integrity: sealVersion(dir) };
}

/**
 * A folder with a shell build, its stand-in renderer (alone in its folder, which the render may
 * read), the catalog published under /deploy/ and the auth remote's build at localhost:3002.
 */
export function prerenderFixture() {
  const root = mkdtempSync(join(tmpdir(), 'devhub-prerender-test-'));
  const shellBuild = join(root, 'shell');
  writeShellRecord(shellBuild);
  writeFileSync(join(shellBuild, 'index.html'), TEMPLATE);
  mkdirSync(join(root, 'dist-server'));
  const shellServer = join(root, 'dist-server', 'server.cjs');
  writeFileSync(shellServer, fakeRenderer());
  const options = {
    registryFile: join(root, 'remotes.json'),
    shellBuild,
    shellServer,
    mounts: { '/deploy/': join(root, 'deploy') },
    origins: { 'localhost:3002': join(root, 'auth-dist') },
  };
  publish(join(root, 'deploy', 'remote-catalog', '1.0.0'), 'catalog', { page: 'catalog 1.0.0' });
  publish(join(root, 'auth-dist'), 'auth');
  /**
   * Pins the catalog (an entry, or a whole pin) in `environment`; auth and account at their dev servers.
   *
   * @param {string | Record<string, unknown>} [catalog]
   * @param {string} [environment]
   */
  const registry = (catalog = '/deploy/remote-catalog/1.0.0/mf-manifest.json', environment = 'local') =>
    writeFileSync(
      options.registryFile,
      JSON.stringify({
        environment,
        remotes: {
          catalog: typeof catalog === 'string' ? { entry: catalog } : catalog,
          auth: { entry: '//localhost:3002/mf-manifest.json' },
          account: { entry: '//localhost:3003/mf-manifest.json' },
        },
      }),
    );
  registry();
  return {
    root,
    options,
    registry,
    /** @param {Parameters<typeof fakeRenderer>[0]} renderer */
    renderer: (renderer) => writeFileSync(shellServer, fakeRenderer(renderer)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * An HTTP server on 127.0.0.1 answering each path with `answer` (its status and body), counting
 * the requests for each path.
 *
 * @param {(path: string, count: number) => { status?: number, body?: string | Uint8Array }} answer
 * @returns {Promise<{ url: string, counts: Map<string, number>, close: () => Promise<void> }>}
 */
export async function countingServer(answer) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const count = (counts.get(path) ?? 0) + 1;
    counts.set(path, count);
    const { status = 200, body = '' } = answer(path, count);
    response.writeHead(status).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
