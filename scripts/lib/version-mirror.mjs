// @ts-check
// The private copy of what a prerender runs (prerender.mjs): each pinned version's manifest and
// server files, read ONCE from where the registry says they are (a folder on this machine or
// HTTP), written into a temporary folder only this user can open, and hashed there against the
// pin's digest and the manifest's. The renderer is given paths in this folder and may read
// nothing else (render-sandbox.mjs): what was hashed is what runs, and nothing is fetched twice.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseManifest } from '@devhub/contracts/manifest';
import { CliError } from './cli.mjs';
import { checkManifestDigest, fetchBytes, filesUnder, isVersionPath, listedFiles, sri } from './integrity.mjs';
import { loadManifest } from './manifest.mjs';

const FETCH_TIMEOUT_MS = 5000;

/** @typedef {import('@devhub/contracts/manifest').Manifest} Manifest */

/**
 * A new mirror: a folder under the system's temporary folder, mode 0700, by its real path (the
 * renderer's read permission names it so).
 *
 * @returns {{ dir: string, remove: () => void }}
 */
export function createVersionMirror() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'devhub-render-')));
  chmodSync(dir, 0o700);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Writes `bytes` as `<mirror>/<remote>/<name>` (a new file: one read, one copy) and returns the
 * copy's path and the bytes read back from it, which are what gets hashed and run.
 *
 * @param {string} mirror
 * @param {string} remote
 * @param {string} name  relative, with `/` separators
 * @param {Uint8Array} bytes
 */
function keep(mirror, remote, name, bytes) {
  const folder = resolve(mirror, remote);
  const file = resolve(folder, ...name.split('/'));
  const inside = relative(folder, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || !folder.startsWith(`${mirror}${sep}`)) {
    throw new CliError(`${remote}: "${name}" leads out of its folder`);
  }
  mkdirSync(resolve(file, '..'), { recursive: true, mode: 0o700 });
  writeFileSync(file, bytes, { flag: 'wx', mode: 0o400 });
  return { file, bytes: readFileSync(file) };
}

/**
 * Whether a pin's version must be verified to run: always outside the local environment (a pin
 * without a digest is refused there), and in it whenever the pin names a published version.
 *
 * @param {import('@devhub/contracts/registry').RegistryPin} pin
 * @param {string} environment  the registry's
 */
export function mustVerify(pin, environment) {
  return environment !== 'local' || Boolean(pin.integrity || pin.version);
}

/**
 * Mirrors a pin's manifest, checked there against the pin's digest when it must be verified
 * (mustVerify), refused when the pin has none: nothing could tell its manifest from another.
 *
 * @param {string} mirror
 * @param {string} remote
 * @param {import('@devhub/contracts/registry').RegistryPin} pin
 * @param {{ environment: string } & Parameters<typeof loadManifest>[1]} options
 * @returns {Promise<{ manifest: Manifest, location: string, verify: boolean }>}  `location`: where it
 *   was read; `verify`: whether its server files must match its digests too
 */
export async function mirrorManifest(mirror, remote, pin, { environment, ...sources }) {
  const verify = mustVerify(pin, environment);
  if (verify && !pin.integrity) {
    const rule =
      environment === 'local'
        ? 'a published version runs only as pinned'
        : 'nothing unverified runs outside the local environment';
    throw new CliError(`${pin.entry} has no pinned digest (integrity): ${rule}; pin it again with "remotes use"`);
  }
  const { location, bytes } = await loadManifest(pin.entry, sources);
  const copy = keep(mirror, remote, 'mf-manifest.json', bytes);
  if (verify) checkManifestDigest(copy.bytes, pin.integrity, pin.entry);
  const manifest = parseManifest(copy.bytes.toString('utf8'));
  if (typeof manifest === 'string') throw new CliError(`${pin.entry}: ${manifest}`);
  return { manifest, location, verify };
}

/**
 * What to copy of an unverified version (a dev server's entry, in the local environment only):
 * the server files its manifest lists, else every `.cjs` beside a manifest on this machine, else
 * the entry alone.
 *
 * @param {Manifest} manifest
 * @param {string} location
 * @param {string} entry
 */
function unverifiedFiles(manifest, location, entry) {
  const { listed } = listedFiles(manifest, location, { files: 'server' });
  if (listed.length > 0) return listed.map(({ name }) => name);
  if (/^https?:\/\//.test(location)) return [entry];
  const folder = join(location, '..');
  return filesUnder(folder)
    .map((file) => relative(folder, file).split(sep).join('/'))
    .filter((name) => name.endsWith('.cjs') && isVersionPath(name));
}

/**
 * Mirrors a version's server build (the `.cjs` files): when `verify`, every file its manifest
 * lists with a digest, each compared there with that digest; a version with a file missing or
 * changed is refused whole. Returns the mirrored entry's path.
 *
 * @param {string} mirror
 * @param {string} remote
 * @param {Manifest} manifest  as mirrorManifest returned it
 * @param {string} location  where the manifest was read
 * @param {{ verify: boolean, entry: string, timeoutMs?: number }} options  `entry`: the server entry, relative
 * @returns {Promise<string>}
 */
export async function mirrorServerFiles(mirror, remote, manifest, location, { verify, entry, timeoutMs }) {
  const { listed, problems } = verify
    ? listedFiles(manifest, remote, { files: 'server' })
    : { listed: unverifiedFiles(manifest, location, entry).map((name) => ({ name, expected: '' })), problems: [] };
  const overHttp = /^https?:\/\//.test(location);
  /** @param {string} name */
  const read = async (name) => {
    if (overHttp) return fetchBytes(new URL(name, location).href, timeoutMs ?? FETCH_TIMEOUT_MS);
    const path = join(location, '..', ...name.split('/'));
    if (!existsSync(path)) throw new CliError(`${name} is missing`);
    return readFileSync(path);
  };
  const copied = await Promise.all(
    listed.map(async ({ name, expected }) => {
      try {
        const { bytes } = keep(mirror, remote, name, await read(name));
        const actual = sri(bytes);
        if (verify && actual !== expected) {
          problems.push(`${name} does not match its digest (manifest ${expected}, file ${actual})`);
        }
        return name;
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
        return undefined;
      }
    }),
  );
  if (problems.length > 0) {
    const what = verify ? 'refused, its server build is not the one pinned' : 'its server build could not be read';
    throw new CliError(`${what}: ${problems.join('; ')}`);
  }
  if (!copied.includes(entry)) throw new CliError(`refused, its server entry ${entry} is not among its server files`);
  return resolve(mirror, remote, ...entry.split('/'));
}
