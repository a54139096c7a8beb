// @ts-check
// `npm run remotes -- init-storage azblob://<container>[/<prefix>]`: the container a team's
// versions and registries live in, the CORS rule that lets browsers on the preview's and real
// sites' origins read it, and with an environment its first registry. It grants no more than asked:
// browsers read over https only, a container it did not create keeps its access unless
// --make-public, and a registry it starts lets overrides load from nowhere.
import { LOCAL_ENVIRONMENT, isLoopbackHost } from '@devhub/contracts/registry';
import { basename, dirname } from 'node:path';
import { APPS } from './apps.mjs';
import { CliError, UsageError } from './cli.mjs';
import { REGISTRY_DIR, registryPath } from './registry-file.mjs';
import { blobUrlOf, initBlobStorage } from './storage-blob.mjs';
import { isBlobAddress, parseBlobAddress } from './storage-objects.mjs';
import { openStorage, openStorageOf } from './storage.mjs';

/** The preview's origins (`npm run preview`, HTTP/2 with TLS): the shell's, over https only. */
export const PREVIEW_ORIGINS = APPS.filter((app) => app.kind === 'host').map((app) => `https://localhost:${app.port}`);

/**
 * Whether a site on `origin` may read the store: https (no one on the way reads or changes what it
 * reads) and a host off this machine, or the preview's own.
 *
 * @param {string} origin
 */
function isSiteOrigin(origin) {
  if (PREVIEW_ORIGINS.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' && url.origin === origin && !isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/**
 * An --allow-origin value: exactly what a browser sends as Origin (a CORS rule matches it as
 * written), so a path, a default port or a capital letter is refused with the form to give; and a
 * site's (isSiteOrigin).
 *
 * @param {string} value
 */
export function siteOrigin(value) {
  if (isSiteOrigin(value)) return value;
  /** @type {URL | undefined} */
  let url;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const hint =
    url && /^https?:$/.test(url.protocol) && url.host && !isLoopbackHost(url.hostname)
      ? ` (did you mean https://${url.host}?)`
      : '';
  throw new CliError(
    `--allow-origin ${value} is not a site's origin: give https://<host>[:<port>] with no path, not this machine, e.g. https://devhub.example.com${hint}`,
  );
}

/**
 * What the container's access means for browsers, when init-storage left it as it found it.
 *
 * @param {string} container
 * @param {'blob' | 'container' | 'private'} access
 */
function accessWarning(container, access) {
  if (access === 'private')
    return `azblob://${container} is private, so browsers cannot read it: left so, since it was not created here; --make-public makes its blobs (never its listing) public`;
  if (access === 'container')
    return `azblob://${container} lets anyone list its blobs: left so, since it was not created here; --make-public makes its blobs public and its listing private`;
  return undefined;
}

/**
 * @typedef {object} InitStorageOptions
 * @property {string | undefined} env  the environment whose registry file starts the store's registry
 * @property {string[]} sites  --allow-origin values, checked here
 * @property {boolean} replace  exactly these origins (and the preview's), else added to those allowed before
 * @property {boolean} makePublic  make a container that was there already blob-public
 * @property {string} [registryDir]  where the environment's registry file is (default shell/public)
 * @property {(line: string) => void} [log]
 * @property {(line: string) => void} [warn]
 */

/**
 * `init-storage`: the container, the CORS rule for the preview's origins and the sites', and with
 * an environment its registry, each only if missing. Origins a previous version of the command
 * allowed that it no longer would (http, this machine) are removed from its rule.
 *
 * @param {string} address
 * @param {InitStorageOptions} options
 */
export async function initStorage(
  address,
  { env, sites, replace, makePublic, registryDir = REGISTRY_DIR, log = console.log, warn = console.warn },
) {
  if (!isBlobAddress(address))
    throw new UsageError(`init-storage takes an azblob://<container>[/<prefix>] address, got ${address}`);
  if (env === LOCAL_ENVIRONMENT)
    throw new UsageError(
      'init-storage --env local: a store is never the local environment (its dev servers and overrides are on this machine); give the environment it serves, e.g. --env preview',
    );
  const { container, prefix } = parseBlobAddress(address);
  const origins = [...PREVIEW_ORIGINS, ...sites.map(siteOrigin)];
  const { created, access, allowed, added, removed } = await initBlobStorage(`azblob://${container}`, origins, {
    replace,
    makePublic,
    keeps: isSiteOrigin,
  });
  log(`azblob://${container}: ${created ? 'created' : 'already there'}; CORS lets ${allowed.join(', ')} read it`);
  for (const origin of added) log(`  + ${origin} allowed`);
  for (const origin of removed) log(`  - ${origin} no longer allowed`);
  const warning = accessWarning(container, access);
  if (warning) warn(`⚠ ${warning}`);
  if (env === undefined) return 0;
  const source = registryPath(env, registryDir);
  const target = `azblob://${container}/${prefix ? `${prefix}/` : ''}${basename(source)}`;
  const { storage, key } = openStorageOf(target);
  const read = await openStorage(dirname(source)).read(basename(source));
  if (!read) throw new CliError(`${source} does not exist: no registry to start ${target} from`);
  // Versions `deploy --to` this prefix publishes are pinned at the store's URL, where browsers read them.
  const deployBaseUrl = `${await blobUrlOf(`azblob://${container}${prefix ? `/${prefix}` : ''}`)}/`;
  // Overrides are allowed per store, by whoever runs it: none of a file's (a developer's machine's).
  const registry = { ...JSON.parse(read.bytes.toString('utf8')), deployBaseUrl, allowedOverrideOrigins: [] };
  const written = await storage.createIfAbsent(key, `${JSON.stringify(registry, null, 2)}\n`);
  log(
    written
      ? `${target}: copied from ${source} with no override origin, versions deployed to it pinned at ${deployBaseUrl}; pin each remote there ("remotes use <remote> <version> --registry ${target}"): nothing runs a pin without its digest`
      : `${target}: already there, left as it is`,
  );
  return 0;
}
