// @ts-check
// remotes.json / remotes.<env>.json on disk: read and validated with the rules the shell applies
// (contracts/src/registry.js), written atomically, and changed only by compare-and-swap under a lock.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeRegistryProblem, validateRegistry } from '@devhub/contracts/registry';
import { CliError } from './cli.mjs';
import { openStorageOf } from './storage.mjs';
import { WORKSPACE_ROOT, remoteApps } from './workspace.mjs';

/** @typedef {import('@devhub/contracts/registry').Registry} Registry */

export const REGISTRY_DIR = join(WORKSPACE_ROOT, 'shell', 'public');

// The one class every command reports as a line (scripts/lib/cli.mjs), and the registry's lock
// (registry-lock.mjs, below the storage backends), for the modules that import them from here.
export { CliError };
export { withRegistryLock } from './registry-lock.mjs';

/** The package of each remote of this workspace; a remote from elsewhere is published as `remote-<name>`. */
const WORKSPACE_PACKAGES = Object.fromEntries(remoteApps().map((app) => [app.name, app.packageName]));

/**
 * The package a remote's versions are published under (`<deploy base>/<package>/<version>/`).
 *
 * @param {string} remote
 */
export const packageOf = (remote) => WORKSPACE_PACKAGES[remote] ?? `remote-${remote}`;

/**
 * The registry file of an environment. The local environment has none: its registry is derived
 * from the workspace (local-registry.mjs), so there is nothing in it to pin.
 *
 * @param {string | undefined} env
 * @param {string} [dir]
 */
export function registryPath(env, dir = REGISTRY_DIR) {
  if (env === undefined || env === 'local') {
    throw new CliError(
      'the local environment has no registry file: npm start derives it from the workspace (every remote at its dev server); name an environment with --env <env>',
    );
  }
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(env)) {
    throw new CliError(`invalid environment name "${env}" (letters, digits and dashes)`);
  }
  return join(dir, `remotes.${env}.json`);
}

/**
 * @param {string} file
 * @returns {Registry}
 */
export function readRegistry(file) {
  return readTaggedRegistry(file).registry;
}

/**
 * The registry and a tag of the exact bytes it was read from (the role an ETag plays on object
 * storage): a writer passes the tag back, and the write happens only if the file still has it.
 *
 * @param {string} file
 * @returns {{ registry: Registry, tag: string }}
 */
export function readTaggedRegistry(file) {
  if (!existsSync(file)) throw new CliError(`${file} does not exist`);
  const text = readFileSync(file, 'utf8');
  return { registry: parseRegistry(file, text).registry, tag: tagOf(text) };
}

/** @param {string} text */
const tagOf = (text) => createHash('sha256').update(text).digest('base64url');

/**
 * @typedef {object} ReadOptions
 * @property {boolean} [acceptUnverified]  for the commands that name pins without a digest and pin
 *   them again (`use`, `rollback`, `doctor`): outside `local` such pins are refused by everything
 *   that runs them, these commands read the registry anyway (contracts/src/registry.js).
 */

/**
 * @typedef {object} ParsedRegistry
 * @property {Registry} registry  its pins that run
 * @property {Record<string, import('@devhub/contracts/registry').RefusedPin>} refused  its pins that do not, and why
 * @property {Record<string, unknown>} rawRemotes  every pin as the file has it, in its order
 */

/**
 * A registry whose whole is malformed is refused; one whose pins are, is read with those pins
 * set apart (`refused`), so one team's broken pin stops no other team's command.
 *
 * @param {string} file
 * @param {string} text
 * @param {ReadOptions} [options]
 * @returns {ParsedRegistry}
 */
function parseRegistry(file, text, { acceptUnverified = false } = {}) {
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { registry, problems, refused } = validateRegistry(raw, { acceptUnverified });
  if (!registry) throw new CliError(`${file}: ${problems.map(describeRegistryProblem).join('; ')}`);
  return { registry, refused, rawRemotes: raw.remotes };
}

/**
 * The registry a command writes: the pins it changed as it left them, and every other pin exactly
 * as the file had it, in the file's order: a refused pin, one under a malformed name, and a pin
 * whose malformed candidate the reading dropped are another team's to mend. A remote the command
 * removed stays removed; a refused one it pinned again takes its new pin.
 *
 * @param {Registry} changed
 * @param {Record<string, unknown>} rawRemotes  the pins as the file had them
 * @param {ReadonlyMap<string, string>} read  the pins as they were read (JSON), before the command changed any
 * @returns {Registry}
 */
export function keepingUnreadPins(changed, rawRemotes, read) {
  /** @type {Record<string, unknown>} */
  const remotes = {};
  for (const [name, pin] of Object.entries(rawRemotes)) {
    if (!Object.hasOwn(changed.remotes, name)) {
      if (!read.has(name)) remotes[name] = pin;
    } else {
      remotes[name] = JSON.stringify(changed.remotes[name]) === read.get(name) ? pin : changed.remotes[name];
    }
  }
  for (const [name, pin] of Object.entries(changed.remotes)) if (!Object.hasOwn(remotes, name)) remotes[name] = pin;
  return { ...changed, remotes: /** @type {Registry['remotes']} */ (remotes) };
}

/**
 * Temp file + rename: a reader (the shell, a server) never sees a half-written registry.
 *
 * @param {string} file
 * @param {Registry} registry
 */
export function writeRegistry(file, registry) {
  const temp = join(dirname(file), `.${Date.now()}-${process.pid}.remotes.tmp`);
  writeFileSync(temp, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(temp, file);
}

const MAX_ATTEMPTS = 8;

/**
 * A registry wherever it is kept: a file on this machine or a blob (`azblob://<container>/<prefix>/remotes.<env>.json`),
 * read with the tag (ETag) a compare-and-swap writes against.
 *
 * @param {string} address
 * @param {ReadOptions} [options]
 * @returns {Promise<ParsedRegistry & { etag: string, where: string }>}
 */
export async function readRegistryAt(address, options = {}) {
  const { storage, key } = openStorageOf(address);
  const where = storage.describe(key);
  const read = await storage.read(key);
  if (!read) throw new CliError(`${where} does not exist`);
  return { ...parseRegistry(where, read.bytes.toString('utf8'), options), etag: read.etag, where };
}

/**
 * Compare-and-swap on the registry, wherever it is kept (scripts/lib/storage.mjs): reads it with
 * its tag, lets `change` check and edit a copy (the checks read manifests over the network), then
 * writes only if the registry still has the tag it was read with (in a folder under the lock, on
 * object storage with If-Match). When another command wrote in between, it reads again and runs
 * `change` again on what is there now (so its checks see the new pins), at most MAX_ATTEMPTS
 * times, a little apart. `change` returns what the command reports, or `undefined` for nothing to
 * write. The registry is replaced whole or not at all: nobody ever reads half of one.
 *
 * @template T
 * @param {string} address  a registry file or an azblob:// URL of one
 * @param {(registry: Registry) => Promise<{ registry?: Registry, result: T }>} change
 * @param {{ pauseMs?: (attempt: number) => number } & ReadOptions} [options]  `pauseMs`: the pause before each new attempt
 * @returns {Promise<T>}
 */
export async function updateRegistry(
  address,
  change,
  { pauseMs = (attempt) => Math.random() * 50 * attempt, acceptUnverified = false } = {},
) {
  const { storage, key } = openStorageOf(address);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, pauseMs(attempt)));
    const { registry, rawRemotes, etag } = await readRegistryAt(address, { acceptUnverified });
    const read = new Map(Object.entries(registry.remotes).map(([name, pin]) => [name, JSON.stringify(pin)]));
    const outcome = await change(registry);
    if (!outcome.registry) return outcome.result;
    const changed = keepingUnreadPins(outcome.registry, rawRemotes, read);
    if (await storage.replaceIfUnchanged(key, `${JSON.stringify(changed, null, 2)}\n`, etag)) return outcome.result;
  }
  throw new CliError(
    `${storage.describe(key)} kept changing while this command wrote it (${MAX_ATTEMPTS} attempts): nothing written, run it again`,
  );
}

/**
 * The manifest URL of a published version, from the registry's deploy base URL.
 *
 * @param {Registry} registry
 * @param {string} remote
 * @param {string} version
 */
export function versionEntry(registry, remote, version) {
  const base = registry.deployBaseUrl ?? '/deploy/';
  return `${base.endsWith('/') ? base : `${base}/`}${packageOf(remote)}/${version}/mf-manifest.json`;
}
