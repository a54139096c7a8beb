// @ts-check
// The lock a registry file (and any file the folder storage replaces by compare-and-swap) is
// changed under: one process at a time, across processes and machines sharing the folder. A leaf
// below both the storage backends (storage.mjs) and the registry logic (registry-file.mjs).
import { basename, dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import { CliError } from './cli.mjs';

/**
 * How long a lock may go without its holder refreshing it before another process takes it over:
 * a holder refreshes it every STALE_MS / 4, so only a killed (or frozen) process lets it go stale.
 */
const STALE_MS = 10_000;

/**
 * Runs `work` while this process alone holds the registry's lock (a dot-folder beside it, which
 * no static server serves). A process killed while holding it leaves a lock that goes stale after
 * STALE_MS; waiting for a live holder gives up after about a minute with one clear line.
 *
 * @template T
 * @param {string} file
 * @param {() => Promise<T> | T} work
 * @returns {Promise<T>}
 */
export async function withRegistryLock(file, work) {
  let release;
  /** @type {Error | undefined} */
  let compromised;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      lockfilePath: join(dirname(file), `.${basename(file)}.lock`),
      stale: STALE_MS,
      update: STALE_MS / 4,
      retries: { retries: 400, factor: 1.2, minTimeout: 10, maxTimeout: 250, randomize: true },
      // The library's default throws from a timer, which would end the process mid-write.
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `${file} is locked by another command that does not finish (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  try {
    const result = await work();
    if (compromised) throw new CliError(`lost the lock on ${file} while writing it: ${compromised.message}`);
    return result;
  } finally {
    if (!compromised) await release();
  }
}
