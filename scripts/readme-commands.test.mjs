// The README runs: every command line of its shell blocks is run here as written, in order, in a
// temporary copy of the workspace against a fresh Azurite, and checked for what the README says it
// does; or it is in NOT_RUN with the reason. A line in neither fails the first test, named.
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { API, APPS, COLLECTOR } from './lib/apps.mjs';
import { isPortFree } from './lib/processes.mjs';
import { publishVersion } from './lib/publish-version.mjs';
import { startAzurite } from './test/azurite-test-server.mjs';
import { readmeCommandLines } from './test/readme-blocks.mjs';
import { newcomerEnv, request, runLine, runServerLine } from './test/readme-runner.mjs';
import { CONNECTION_STRING_VARIABLE } from './lib/blob-service.mjs';
import { openStorage } from './lib/storage.mjs';
import { copyWorkspace } from './lib/workspace-copy.mjs';
import { WORKSPACE_ROOT, remoteDirs } from './lib/workspace.mjs';

const README_LINES = readmeCommandLines(readFileSync(join(WORKSPACE_ROOT, 'README.md'), 'utf8'));

/** The one table of README lines not run as written, and why. */
const NOT_RUN = {
  'npm install': "the copy is installed already: its node_modules are links to this checkout's",
  'npm test': 'the suite this test is part of',
  'npm run deploy -- catalog --to /srv/cdn':
    'the line before with a folder of the machine, outside the copy; deploy.test.mjs publishes to another folder',
  ...Object.fromEntries(
    [
      'npm run new-remote -- forum --port 3004',
      'npm run new-page -- forum /forum --title "Diễn đàn" --layout main --access public',
      'npm run build -w remote-forum',
      'npm run deploy -- forum',
      'npm run remotes -- use forum 1.0.0 --env preview',
    ].map((line) => [
      line,
      'the "Adding a remote" steps: e2e/tests/new-remote.spec.ts walks them in a copy of its own',
    ]),
  ),
  "export AZURE_STORAGE_CONNECTION_STRING='…'":
    "replaced by the test's value: a fresh Azurite's connection string, in every line's environment",
};

/** The README's line for a running preview: run while the preview step's server is up. */
const CURL = "curl -sk https://localhost:3000/blog | grep -c '<article'";
const STORE = 'azblob://devhub/preview';
const STORE_REGISTRY = `${STORE}/remotes.preview.json`;
const PACKAGES = remoteDirs();

/** @type {ReturnType<typeof copyWorkspace>} */
let copy;
/** @type {Awaited<ReturnType<typeof startAzurite>> | undefined} */
let azurite;
/** @type {(() => Promise<void>) | undefined} */
let releasePorts;
const savedConnection = process.env[CONNECTION_STRING_VARIABLE];

/**
 * Until nothing listens on the README's ports (3000–3003, 4000, 4100, 9464), or 2 minutes pass: a server that
 * another run of this test stopped (another `npm test`) may still be closing when the lock passes.
 */
async function readmePortsFree() {
  const deadline = Date.now() + 120_000;
  for (const { port } of [...APPS, API, COLLECTOR, { port: COLLECTOR.metricsPort }]) {
    while (!(await isPortFree(port)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const env = () => newcomerEnv({ [CONNECTION_STRING_VARIABLE]: azurite?.connectionString ?? '' });
const inCopy = (/** @type {string} */ file) => join(copy.root, file);
/** What the README assumes of the catalog's version before a line pins or deploys one. */
const setCatalogVersion = (/** @type {string} */ version) =>
  copy.edit('remote-catalog/package.json', (text) => text.replace(/"version": "[^"]+"/, `"version": "${version}"`));
const localPin = (/** @type {string} */ remote) =>
  JSON.parse(readFileSync(inCopy('shell/public/remotes.preview.json'), 'utf8')).remotes[remote].version;
const storePin = async (/** @type {string} */ remote) => {
  const read = await openStorage(STORE).read('remotes.preview.json');
  return read && JSON.parse(read.bytes.toString('utf8')).remotes[remote].version;
};

/**
 * The environment the Storage block's registry pins, as it stands before the block deploys: the
 * versions `npm run build && npm run deploy …` published to .deploy/, published to the store
 * unchanged (no rebuild).
 */
async function publishPinnedVersionsToStore() {
  const storage = openStorage(STORE);
  for (const [remote, pkg] of Object.entries(PACKAGES)) {
    const index = JSON.parse(readFileSync(inCopy(`.deploy/${pkg}/versions.json`), 'utf8'));
    const entry = index.versions.find((/** @type {{ version: string }} */ item) => item.version === '1.0.0');
    const dir = inCopy(`.deploy/${pkg}/1.0.0`);
    await publishVersion(storage, { remote, pkg, version: '1.0.0', dir, ...entry });
  }
}

/**
 * @typedef {object} Step
 * @property {string} line  the README command, as readmeCommandLines gives it
 * @property {() => unknown} [before]  the copy's state the line assumes
 * @property {{ ready: RegExp, url?: string, whileUp?: (output: string) => Promise<void> }} [server]
 *   a server: run until `ready` is printed and its URL (default: the one in the line's comment)
 *   answers, then stopped
 * @property {(output: string, comment: string) => unknown} [check]  what the README says it does
 * @property {string[]} [alsoRuns]  README lines run while this step's server is up
 */

/**
 * In the README's order, but for the build line, run before the block that pins the versions it
 * deploys (that block assumes them deployed and the shell built), so that nothing is built twice.
 *
 * @type {Step[]}
 */
const STEPS = [
  { line: 'npm start', server: { ready: /DevHub is running/ } },
  { line: 'npm start -w remote-account', server: { ready: /./ } },
  {
    line: 'npm run deploy -- catalog',
    check: (_, comment) => {
      const promised = /→ (\S+)/.exec(comment)?.[1];
      expect(promised).toBeDefined();
      expect(existsSync(inCopy(`${promised}/mf-manifest.json`))).toBe(true);
    },
  },
  {
    line: 'npm run build && npm run deploy -- catalog --no-build && npm run deploy -- auth --no-build && npm run deploy -- account --no-build',
    // The version the next block pins, published beside the 1.0.0 deployed above.
    before: () => setCatalogVersion('1.1.0'),
    check: () => {
      for (const path of ['remote-catalog/1.1.0', 'remote-auth/1.0.0', 'remote-account/1.0.0'])
        expect(existsSync(inCopy(`.deploy/${path}/mf-manifest.json`))).toBe(true);
      expect(existsSync(inCopy('shell/dist/index.html'))).toBe(true);
    },
  },
  // The versions just deployed, pinned with their digests: what the next block's list and doctor need.
  ...['catalog', 'auth', 'account'].map((remote) => ({
    line: `npm run remotes -- use ${remote} 1.0.0 --env preview`,
    check: () => expect(localPin(remote)).toBe('1.0.0'),
  })),
  { line: 'npm run remotes -- list --env preview', check: (output) => expect(output).toMatch(/catalog.*1\.0\.0/) },
  {
    line: 'npm run remotes -- use catalog 1.1.0 --env preview',
    check: (output) => {
      expect(output).toMatch(/1\.0\.0 → 1\.1\.0/);
      expect(localPin('catalog')).toBe('1.1.0');
    },
  },
  {
    line: 'npm run remotes -- rollback catalog --env preview',
    check: () => expect(localPin('catalog')).toBe('1.0.0'),
  },
  { line: 'npm run remotes -- doctor --env preview' },
  { line: 'npm run remotes -- prerender --env preview' },
  {
    line: 'npm run preview -- --remotes preview',
    alsoRuns: [CURL],
    server: {
      ready: /DevHub production preview/,
      url: 'https://localhost:3000/',
      // The line the README runs "after npm run preview".
      whileUp: async () => {
        const { code, output } = await runLine(CURL, { cwd: copy.root, env: env() });
        expect(code).toBe(0);
        expect(Number(output.trim())).toBeGreaterThan(0);
      },
    },
  },
  { line: 'npm start -- --remotes preview', server: { ready: /DevHub is running/, url: 'http://localhost:3000/' } },
  {
    line: 'npm start -- --remotes preview --local catalog',
    server: { ready: /DevHub is running.*local: catalog/, url: 'http://localhost:3001/' },
  },
  {
    line: 'npm run remotes -- init-storage azblob://devhub/preview --env preview',
    check: async () => expect(await storePin('catalog')).toBe('1.0.0'),
  },
  {
    line: 'npm run remotes -- init-storage azblob://devhub --allow-origin https://devhub.example.com',
    check: (output) => expect(output).toContain('https://devhub.example.com'),
  },
  {
    line: 'npm run remotes -- init-storage azblob://devhub --replace-origins --allow-origin https://devhub.example.com',
  },
  { line: 'npm run remotes -- init-storage azblob://devhub --make-public' },
  {
    line: 'npm run deploy -- catalog --to azblob://devhub/preview',
    before: async () => {
      setCatalogVersion('1.2.0');
      await publishPinnedVersionsToStore();
    },
    check: async () => expect(await openStorage(STORE).read('remote-catalog/1.2.0/mf-manifest.json')).toBeTruthy(),
  },
  {
    line: `npm run remotes -- use catalog 1.2.0 --registry ${STORE_REGISTRY}`,
    check: async (output) => {
      expect(output).toMatch(/1\.0\.0 → 1\.2\.0/);
      expect(await storePin('catalog')).toBe('1.2.0');
    },
  },
  {
    line: `npm run remotes -- list --registry ${STORE_REGISTRY}`,
    check: (output) => expect(output).toMatch(/1\.2\.0/),
  },
  { line: `npm run remotes -- doctor --registry ${STORE_REGISTRY}` },
  {
    line: `npm run remotes -- rollback catalog --registry ${STORE_REGISTRY}`,
    check: async () => expect(await storePin('catalog')).toBe('1.0.0'),
  },
  {
    line: `npm run preview -- --remotes ${STORE_REGISTRY}`,
    server: {
      ready: /DevHub production preview/,
      url: 'https://localhost:3000/',
      whileUp: async () => {
        const answer = await request('https://localhost:3000/remotes.json');
        expect(answer.location).toBe(`${azurite?.endpoint}/devhub/preview/remotes.preview.json`);
      },
    },
  },
];

describe('the README runs', () => {
  test('every command line of its shell blocks is run below or listed, with its reason, in NOT_RUN', () => {
    const covered = new Set([
      ...STEPS.flatMap((step) => [step.line, ...(step.alsoRuns ?? [])]),
      ...Object.keys(NOT_RUN),
    ]);
    const neither = README_LINES.filter(({ command }) => !covered.has(command)).map(
      ({ line, text }) => `README.md:${line}: ${text}`,
    );
    expect(neither).toEqual([]);
    const inReadme = new Set(README_LINES.map(({ command }) => command));
    expect([...covered].filter((command) => !inReadme.has(command))).toEqual([]);
  });

  describe('in a workspace copy against Azurite', () => {
    let failed = '';
    beforeAll(async () => {
      // The servers use the README's fixed ports: another run of this test (another `npm test`) waits.
      // Stale only after 2 minutes without a refresh: copying the workspace below blocks this
      // process, and beside another `npm test` it took longer than the library's 10 s, so the other
      // run took the lock over while this one's servers held the ports.
      releasePorts = await lockfile.lock(join(tmpdir(), 'devhub-readme-ports'), {
        realpath: false,
        stale: 120_000,
        update: 10_000,
        retries: { retries: 1000, minTimeout: 2000, maxTimeout: 2000 },
      });
      await readmePortsFree();
      azurite = await startAzurite();
      process.env[CONNECTION_STRING_VARIABLE] = azurite.connectionString;
      copy = copyWorkspace();
    }, 2_400_000);

    afterAll(async () => {
      copy?.remove();
      await azurite?.stop();
      await readmePortsFree();
      await releasePorts?.();
      if (savedConnection === undefined) delete process.env[CONNECTION_STRING_VARIABLE];
      else process.env[CONNECTION_STRING_VARIABLE] = savedConnection;
    });

    // Only the lines still in the README: a line gone from it is reported by the test above.
    const readmeLine = (/** @type {string} */ command) => README_LINES.find((found) => found.command === command);
    for (const step of STEPS.filter((candidate) => readmeLine(candidate.line))) {
      const { line, text, comment } = /** @type {import('./test/readme-blocks.mjs').CommandLine} */ (
        readmeLine(step.line)
      );
      // A hang budget for the build line and the servers, not a measurement.
      test(`README.md:${line}: ${text}`, async () => {
        if (failed) throw new Error(`not run: ${failed} failed before it`);
        try {
          await step.before?.();
          const options = { cwd: copy.root, env: env() };
          let output;
          if (step.server) {
            const url = step.server.url ?? /https?:\/\/\S+/.exec(comment)?.[0] ?? '';
            output = await runServerLine(step.line, { ...options, ...step.server, url });
          } else {
            const result = await runLine(step.line, options);
            output = result.output;
            if (result.code !== 0) throw new Error(`exit code ${result.code}:\n${output}`);
          }
          await step.check?.(output, comment);
        } catch (error) {
          failed = `README.md:${line}`;
          throw error;
        }
      }, 1_200_000);
    }
  });
});
