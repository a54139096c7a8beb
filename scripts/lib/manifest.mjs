// @ts-check
// Reads what the checks need from real builds: a remote's mf-manifest.json (over HTTP, or from
// the local deploy folder when the registry entry is a path on the shell's own origin, as
// `npm run preview` serves it) and the compatibility record of the shell build serving an environment.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { SHELL_RECORD_FILE, readRecord } from '@devhub/contracts/compatibility';
import { entryFileOf, parseManifest } from '@devhub/contracts/manifest';
import { CliError } from './registry-file.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

const DEFAULT_DEPLOY_DIR = join(WORKSPACE_ROOT, '.deploy');
const DEFAULT_SHELL_BUILD = join(WORKSPACE_ROOT, 'shell', 'dist');
const DEFAULT_TIMEOUT_MS = 5000;

export { entryFileOf };

/** @typedef {import('@devhub/contracts/manifest').Manifest} Manifest */

/**
 * The file on this machine that serves `entry`, if one does: under a mounted URL prefix (the deploy
 * folder under /deploy/, as the preview serves it) or at a local origin (host:port → a build folder).
 *
 * @param {string} entry
 * @param {{ mounts?: Record<string, string>, origins?: Record<string, string> }} places
 */
export function localFileOf(entry, { mounts = {}, origins = {} }) {
  if (entry.startsWith('/') && !entry.startsWith('//')) {
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (entry.startsWith(prefix)) return inside(dir, entry.slice(prefix.length), entry);
    }
    return undefined;
  }
  let url;
  try {
    url = new URL(entry, 'https://scheme.invalid');
  } catch {
    return undefined;
  }
  const dir = origins[url.host];
  return dir ? inside(dir, url.pathname, entry) : undefined;
}

/**
 * `dir`/`path` (URL-decoded), refused when it leads out of `dir`: an entry such as
 * `/deploy/x/../../../outside` names no file of the deploy folder.
 *
 * @param {string} dir
 * @param {string} path
 * @param {string} entry  for the message
 */
function inside(dir, path, entry) {
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new CliError(`${entry} is not a valid URL path`);
  }
  const file = join(dir, decoded);
  const fromDir = relative(resolve(dir), resolve(file));
  if (fromDir.startsWith('..') || isAbsolute(fromDir)) throw new CliError(`${entry} leads out of ${dir}`);
  return file;
}

/**
 * @param {string} url
 * @param {number} timeoutMs
 * @param {string} [method]
 */
async function fetchWithTimeout(url, timeoutMs, method = 'GET') {
  try {
    return await fetch(url, { method, signal: AbortSignal.timeout(timeoutMs) });
  } catch (caught) {
    const error = /** @type {{ name?: string, message?: string, cause?: { code?: string } }} */ (caught);
    const reason =
      error?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error?.cause?.code ?? error?.message);
    throw new CliError(`${url} is unreachable (${reason})`);
  }
}

/**
 * A published remote's manifest, read where the registry entry says it is: from this machine when
 * `origins` or the deploy folder serve it, else over HTTP.
 *
 * @param {string} entry
 * @param {{ deployDir?: string | undefined, baseUrl?: string | undefined, timeoutMs?: number | undefined, mounts?: Record<string, string>, origins?: Record<string, string> }} [options]
 *   `mounts` (URL prefix → folder) and `origins` (host:port → folder): other places served from this machine
 * @returns {Promise<{ manifest: Manifest, location: string, bytes: Uint8Array }>}  `bytes`: the manifest
 *   exactly as read, whose digest a pin carries
 */
export async function loadManifest(
  entry,
  { deployDir = DEFAULT_DEPLOY_DIR, baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS, mounts, origins } = {},
) {
  /** @type {string} */
  let text;
  /** @type {string} */
  let location;
  /** @type {Uint8Array} */
  let bytes;
  const onDisk =
    baseUrl && entry.startsWith('/') && !entry.startsWith('//')
      ? undefined
      : localFileOf(entry, { mounts: { '/deploy/': deployDir, ...mounts }, origins });
  if (onDisk) {
    if (!existsSync(onDisk)) throw new CliError(`${entry} is not published (${onDisk} does not exist)`);
    location = onDisk;
    bytes = readFileSync(onDisk);
    text = Buffer.from(bytes).toString('utf8');
  } else if (/^(https?:)?\/\//.test(entry) || (baseUrl && entry.startsWith('/'))) {
    // A scheme-relative entry ("//localhost:3001/…") takes the scheme the shell is served with.
    location = new URL(entry, baseUrl ?? 'http://localhost').href;
    const response = await fetchWithTimeout(location, timeoutMs);
    if (!response.ok) throw new CliError(`${location} answered HTTP ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
    text = Buffer.from(bytes).toString('utf8');
  } else {
    throw new CliError(`${entry}: a relative entry must start with /deploy/ (or pass --base-url)`);
  }
  const manifest = parseManifest(text);
  if (typeof manifest === 'string') throw new CliError(`${location}: ${manifest}`);
  return { manifest, location, bytes };
}

/**
 * Checks that the remote entry script the manifest names can be fetched (or exists on disk).
 *
 * @param {Manifest} manifest
 * @param {string} location  where the manifest was read (a URL or a file)
 * @param {{ timeoutMs?: number | undefined }} [options]
 */
export async function checkEntryScript(manifest, location, { timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  const remoteEntry = manifest.metaData?.remoteEntry;
  if (!remoteEntry?.name) throw new CliError('the manifest names no remote entry');
  const relative = entryFileOf(remoteEntry);
  if (/^https?:\/\//.test(location)) {
    const url = new URL(relative, location).href;
    const response = await fetchWithTimeout(url, timeoutMs);
    if (!response.ok) throw new CliError(`${url} answered HTTP ${response.status}`);
    await response.arrayBuffer();
    return url;
  }
  const path = join(location, '..', relative);
  if (!existsSync(path)) throw new CliError(`${path} does not exist`);
  return path;
}

/**
 * The compatibility record of the shell build that serves an environment: `shell` is its build
 * folder or its URL (the record sits next to its index.html); by default the local shell build,
 * or the one at `baseUrl` when the environment is checked over HTTP.
 *
 * @param {{ shell?: string | undefined, baseUrl?: string | undefined, timeoutMs?: number | undefined }} options
 * @returns {Promise<{ record: import('@devhub/contracts/compatibility').CompatibilityRecord, location: string }>}
 */
export async function loadShellRecord({ shell, baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS }) {
  const from = shell ?? baseUrl ?? DEFAULT_SHELL_BUILD;
  let raw;
  let location;
  if (/^https?:\/\//.test(from)) {
    location = new URL(SHELL_RECORD_FILE, from.endsWith('/') ? from : `${from}/`).href;
    const response = await fetchWithTimeout(location, timeoutMs);
    if (!response.ok)
      throw new CliError(`${location} answered HTTP ${response.status}: is a shell build served there?`);
    raw = await response.json().catch(() => null);
  } else {
    location = join(from, SHELL_RECORD_FILE);
    if (!existsSync(location)) {
      throw new CliError(
        `no shell build at ${from} (${SHELL_RECORD_FILE} is missing): run "npm run build -w shell", or pass --shell <folder or URL> of the shell build that serves this environment`,
      );
    }
    try {
      raw = JSON.parse(readFileSync(location, 'utf8'));
    } catch {
      raw = null;
    }
  }
  const record = readRecord(raw);
  if (typeof record === 'string') throw new CliError(`${location}: ${record}`);
  if (record.kind !== 'host') throw new CliError(`${location} is the record of ${record.name}, not of a shell build`);
  return { record, location };
}
