// @ts-check
// A real Azure Blob Storage for the tests: Azurite (the Azure SDK team's emulator) from
// node_modules, in memory, on a free port, with the well-known development account. Nothing of
// the storage API is mocked: the tests talk to it over HTTP as a deploy or a pin does.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageBin } from '../../rspack/package-bin.mjs';
import { CONNECTION_STRING_VARIABLE } from '../lib/blob-service.mjs';
import { freeStablePort } from './free-port.mjs';
import { initBlobStorage } from '../lib/storage-blob.mjs';

/** The emulator's published development account: a well-known key, not a secret. */
export const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/**
 * The connection string of the development account at `port`.
 *
 * @param {number} port
 * @param {{ key?: string }} [options]  another key: credentials the emulator refuses
 */
export const connectionStringFor = (port, { key = DEV_KEY } = {}) =>
  `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${key};BlobEndpoint=http://127.0.0.1:${port}/${DEV_ACCOUNT};`;

/** How long Azurite may take to listen: a hang budget, not a timing (it listens within seconds). */
const LISTEN_BUDGET_MS = 60_000;

/**
 * Spawns Azurite's blob service on `port`; resolves with the process once it listens, rejects (the
 * process gone) if it exits first or does not listen within the budget.
 *
 * @param {string} bin
 * @param {number} port
 * @param {string} workspace
 * @param {string} [debugLog]  a file for Azurite's debug log, whose last lines a failure then quotes
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
function launch(bin, port, workspace, debugLog) {
  const child = spawn(
    process.execPath,
    [
      bin,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--disableTelemetry',
      '--skipApiVersionCheck',
      '--loose',
      '--silent',
      '--extentMemoryLimit',
      '256',
      ...(debugLog ? ['--debug', debugLog] : []),
    ],
    // In memory nothing is written; the working folder is its own should a version write anyway.
    { cwd: workspace, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const debugTail = () =>
    debugLog && existsSync(debugLog)
      ? `\nthe end of its debug log:\n${readFileSync(debugLog, 'utf8').split('\n').slice(-15).join('\n')}`
      : '';
  return new Promise((resolve, reject) => {
    const hung = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `Azurite did not listen on port ${port} within ${LISTEN_BUDGET_MS / 1000} s:\n${output}${debugTail()}`,
        ),
      );
    }, LISTEN_BUDGET_MS);
    const onData = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      if (/successfully listens/i.test(output)) {
        clearTimeout(hung);
        child.off('exit', onExit);
        resolve(child);
      }
    };
    const onExit = (/** @type {number | null} */ code) => {
      clearTimeout(hung);
      reject(new Error(`Azurite exited (${code}) before listening on port ${port}:\n${output}${debugTail()}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * Starts Azurite's blob service on a free port; resolves once it listens. Started a second time, on
 * another port, with its debug log, if the first did not listen: beside another test suite, starts
 * have hung past the budget (a second failure quotes the end of the debug log). Its port is one the
 * kernel never hands out itself (free-port.mjs): a port of the ephemeral range may be taken by any
 * outgoing connection before Azurite binds it.
 *
 * @returns {Promise<{ port: number, endpoint: string, connectionString: string, stop: () => Promise<void> }>}
 */
export async function startAzurite() {
  const bin = packageBin('azurite', { name: 'azurite-blob' });
  const workspace = mkdtempSync(join(tmpdir(), 'azurite-'));
  let port = await freeStablePort();
  /** @type {import('node:child_process').ChildProcess} */
  let child;
  try {
    child = await launch(bin, port, workspace);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message.split('\n')[0] : error}: starting it again\n`);
    port = await freeStablePort();
    // With its debug log this time: a second failure says where it stopped.
    child = await launch(bin, port, workspace, join(workspace, 'debug.log')).catch((again) => {
      rmSync(workspace, { recursive: true, force: true });
      throw again;
    });
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    endpoint: `http://127.0.0.1:${port}/${DEV_ACCOUNT}`,
    connectionString: connectionStringFor(port),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // It closes its server first, which waits for any connection still open to it.
        const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(forced);
      }
      rmSync(workspace, { recursive: true, force: true });
    },
  };
}

/**
 * For a Jest file or describe block: an Azurite started before its tests and stopped after them,
 * `AZURE_STORAGE_CONNECTION_STRING` pointing at it meanwhile (commands run in child processes
 * take it from this process), and `container` created with CORS for `origins`. Returns the
 * running emulator, once `beforeAll` has run.
 *
 * @param {string} container
 * @param {string[]} [origins]
 * @returns {{ readonly current: Awaited<ReturnType<typeof startAzurite>> }}
 */
export function useAzurite(container, origins = []) {
  /** @type {Awaited<ReturnType<typeof startAzurite>> | undefined} */
  let azurite;
  const saved = process.env[CONNECTION_STRING_VARIABLE];
  // Jest's globals, read from globalThis: this file is also loaded outside Jest (the browser tests).
  globalThis.beforeAll(async () => {
    azurite = await startAzurite();
    process.env[CONNECTION_STRING_VARIABLE] = azurite.connectionString;
    await initBlobStorage(`azblob://${container}`, origins);
  });
  globalThis.afterAll(async () => {
    await azurite?.stop();
    if (saved === undefined) delete process.env[CONNECTION_STRING_VARIABLE];
    else process.env[CONNECTION_STRING_VARIABLE] = saved;
  });
  return {
    get current() {
      if (!azurite) throw new Error('Azurite is started in beforeAll: read it from a test or a hook');
      return azurite;
    },
  };
}
