// @ts-check
// `npm run deploy -- <remote> [--to <dir|azblob://container/prefix>] [--source <dir>] [--source-maps <dir>]`:
// builds one remote and publishes it as an immutable version, <to>/<package>/<version>/, a layout
// any static host or CDN serves as is: a folder on this machine, or Azure Blob Storage, where
// every file is created only if absent, so no machine can overwrite a published version. Its
// source maps are kept beside the deploy, never in it (<dir>-sourcemaps/<package>/<version>/;
// for object storage, .deploy-sourcemaps on the machine that deployed).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CliError, UsageError, parseCli, runCli } from './lib/cli.mjs';
import { MANIFEST_FILE, filesUnder, sealVersion, sri } from './lib/integrity.mjs';
import { isBlobAddress, openStorage } from './lib/storage.mjs';
import { packageBin } from './lib/package-bin.mjs';
import { WORKSPACE_ROOT as ROOT, remoteApps } from './lib/workspace.mjs';

const USAGE = `usage: npm run deploy -- <remote> [--to <dir|URL>] [--source <dir>] [--source-maps <dir>]
  <remote>             ${remoteApps()
    .map((app) => app.name)
    .join(', ')} (or its package name)
  --to <dir|URL>       where versions are published: <dir>/<package>/<version>/ (default .deploy), or
                       azblob://<container>/<prefix> (Azure Blob Storage; credentials from
                       AZURE_STORAGE_CONNECTION_STRING)
  --source <dir>       the remote's folder to build (default: the workspace's)
  --source-maps <dir>  where the version's source maps go (default: <to>-sourcemaps, beside the deploy)
  -h, --help           this help`;

/**
 * One hash for everything the build emitted but the manifests that will carry it.
 *
 * @param {string} dir
 */
export function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    const name = relative(dir, file);
    if (name === 'mf-manifest.json' || name === 'mf-stats.json') continue;
    hash.update(name).update('\0').update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The folder a deploy's source maps go to by default: beside the deploy folder, never in it. */
export const sourceMapsDirFor = (/** @type {string} */ to) =>
  isBlobAddress(to)
    ? join(ROOT, '.deploy-sourcemaps')
    : join(dirname(resolve(to)), `${basename(resolve(to))}-sourcemaps`);

/**
 * `root`/`...parts`, refused unless it stays inside `root`: whatever a path is built from (a
 * package name, a version read from package.json), a deploy writes nowhere else.
 *
 * @param {string} root
 * @param {...string} parts
 */
export function inside(root, ...parts) {
  const path = join(resolve(root), ...parts);
  const fromRoot = relative(resolve(root), path);
  if (fromRoot === '' || fromRoot.startsWith('..') || isAbsolute(fromRoot) || fromRoot.split(sep).includes('..')) {
    throw new CliError(`${parts.join('/')} leads out of ${resolve(root)}: nothing written`);
  }
  return path;
}

/** The bounded compare-and-swap attempts on a version index another deploy may write at once. */
const INDEX_ATTEMPTS = 8;

/**
 * Publishes a built, sealed version folder to a store (scripts/lib/storage.mjs): every file
 * created only if absent, the manifest last, then the version added to the remote's index with
 * a compare-and-swap. A file already there with the same bytes is what a deploy that died
 * half-way left: it is kept and the version completed. Different bytes refuse the version at that
 * file, nothing of what is stored changed. Returns the version's entry in the index.
 *
 * @param {import('./lib/storage.mjs').Storage} storage
 * @param {{ remote: string, pkg: string, version: string, dir: string, buildHash: string, publishedAt: string }} version
 * @returns {Promise<{ version: string, buildHash: string, publishedAt: string, integrity: string }>}
 */
export async function publishVersion(storage, { remote, pkg, version, dir, buildHash, publishedAt }) {
  const names = filesUnder(dir).map((file) => relative(dir, file).split(sep).join('/'));
  const ordered = [...names.filter((name) => name !== MANIFEST_FILE), MANIFEST_FILE];
  /** @type {Uint8Array} */
  let manifestBytes = readFileSync(join(dir, MANIFEST_FILE));
  let published = publishedAt;
  /** @param {string} key */
  const alreadyPublished = (key) =>
    new CliError(
      `${pkg}@${version} is already published at ${storage.describe(key)} with other bytes; published versions are immutable: bump the version in package.json`,
    );
  // The manifest a deploy that died half-way left, checked first: another build's is refused before anything is written.
  const manifestKey = `${pkg}/${version}/${MANIFEST_FILE}`;
  const left = await storage.read(manifestKey);
  if (left && !sameManifest(left.bytes, manifestBytes)) throw alreadyPublished(manifestKey);
  for (const name of ordered) {
    const key = `${pkg}/${version}/${name}`;
    const bytes = readFileSync(join(dir, name));
    if (await storage.createIfAbsent(key, bytes)) continue;
    const stored = await storage.read(key);
    if (stored && Buffer.compare(stored.bytes, bytes) === 0) continue;
    // The manifest records when it was published: a retry's differs by that alone, or it is not this build's.
    if (name === MANIFEST_FILE && stored && sameManifest(stored.bytes, bytes)) {
      manifestBytes = stored.bytes;
      published = JSON.parse(stored.bytes.toString('utf8')).metaData?.buildInfo?.publishedAt ?? publishedAt;
      continue;
    }
    throw alreadyPublished(key);
  }
  const entry = { version, buildHash, publishedAt: published, integrity: sri(manifestBytes) };
  const indexKey = `${pkg}/versions.json`;
  for (let attempt = 1; attempt <= INDEX_ATTEMPTS; attempt += 1) {
    const read = await storage.read(indexKey);
    const index = read ? JSON.parse(read.bytes.toString('utf8')) : { remote, package: pkg, versions: [] };
    const listed = index.versions.find((/** @type {{ version: string }} */ item) => item.version === version);
    if (listed) {
      if (listed.integrity === entry.integrity) return listed;
      throw new CliError(`${pkg}@${version} was published by someone else meanwhile; published versions are immutable`);
    }
    index.versions = [...index.versions, entry];
    const text = `${JSON.stringify(index, null, 2)}\n`;
    const written = read
      ? await storage.replaceIfUnchanged(indexKey, text, read.etag)
      : await storage.createIfAbsent(indexKey, text);
    if (written) return entry;
  }
  throw new CliError(
    `${storage.describe(indexKey)} kept changing while this deploy wrote it (${INDEX_ATTEMPTS} attempts): run it again to complete ${pkg}@${version}`,
  );
}

/**
 * Whether a stored manifest is this build's, published earlier: the same JSON in every field (its
 * entry, exposes, routes, public path, compatibility record, every file's digest…) but the date
 * it records, which a retry stamps anew. Matching digests alone would adopt a manifest that
 * points the same files at other pages, or other files at other origins.
 *
 * @param {Uint8Array} stored
 * @param {Uint8Array} built
 */
function sameManifest(stored, built) {
  /** @param {Uint8Array} bytes */
  const undated = (bytes) => {
    const manifest = JSON.parse(Buffer.from(bytes).toString('utf8'));
    if (manifest?.metaData?.buildInfo) delete manifest.metaData.buildInfo.publishedAt;
    return manifest;
  };
  try {
    return isDeepStrictEqual(undated(stored), undated(built));
  } catch {
    return false;
  }
}

/**
 * The comment a devtool appends to point at a file's map. Only the last one counts: a Node build
 * keeps a dependency's own comments mid-file, which point at maps that were never emitted.
 */
const TRAILING_SOURCE_MAP_URL = /\/[/*][#@] sourceMappingURL=[^\n]*\s*$/;

/**
 * Moves the build's source maps out of what gets published, and refuses a build whose code would
 * still point at one (a `sourceMappingURL` comment: production builds use hidden source maps).
 *
 * @param {string} buildDir
 * @param {string} mapsDir
 * @returns {number} how many maps were moved
 */
export function setSourceMapsAside(buildDir, mapsDir) {
  let moved = 0;
  for (const file of filesUnder(buildDir)) {
    const name = relative(buildDir, file);
    if (name.endsWith('.map')) {
      mkdirSync(dirname(join(mapsDir, name)), { recursive: true });
      renameSync(file, join(mapsDir, name));
      moved += 1;
    } else if (/\.(c|m)?js$|\.css$/.test(name) && TRAILING_SOURCE_MAP_URL.test(readFileSync(file, 'utf8'))) {
      throw new CliError(
        `${name} references a source map (sourceMappingURL): production builds must use hidden source maps`,
      );
    }
  }
  return moved;
}

/**
 * @param {string} file
 * @param {unknown} value
 */
function writeJsonAtomic(file, value) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

/**
 * Runs the remote's production build into `outputPath` and sets its source maps aside into
 * `mapsDir`; both folders are removed if it fails.
 *
 * @param {{ pkgName: string, sourceDir: string, outputPath: string, mapsDir: string }} build
 */
function buildInto({ pkgName, sourceDir, outputPath, mapsDir }) {
  const rspackCli = packageBin('@rspack/cli', { from: sourceDir });
  const build = spawnSync(process.execPath, [rspackCli, 'build', '--output-path', outputPath], {
    cwd: sourceDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    rmSync(outputPath, { recursive: true, force: true });
    // Said first: a build that printed success and still ended badly was killed or could not be run.
    const ended = build.error
      ? build.error.message
      : build.signal
        ? `ended by ${build.signal}`
        : `exit code ${build.status}`;
    throw new CliError(`build of ${pkgName} failed (${ended}):\n${build.stdout ?? ''}${build.stderr ?? ''}`);
  }
  try {
    setSourceMapsAside(outputPath, mapsDir);
  } catch (error) {
    rmSync(outputPath, { recursive: true, force: true });
    rmSync(mapsDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Stamps the build into its manifest and seals the version (every file's digest in the
 * manifest, scripts/lib/integrity.mjs): whatever runs the version checks its bytes against it.
 *
 * @param {string} dir
 * @param {string} version
 */
function stampAndSeal(dir, version) {
  const buildHash = contentHash(dir);
  const publishedAt = new Date().toISOString();
  const manifestFile = join(dir, MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo = { ...manifest.metaData.buildInfo, buildVersion: version, buildHash, publishedAt };
  writeJsonAtomic(manifestFile, manifest);
  return { buildHash, publishedAt, integrity: sealVersion(dir) };
}

/**
 * @param {{ remote: string | undefined, to?: string | undefined, source?: string | undefined, sourceMaps?: string | undefined, log?: (line: string) => void }} options
 */
export async function deploy({ remote, to = join(ROOT, '.deploy'), source, sourceMaps, log = console.log }) {
  const app = remoteApps().find((candidate) => candidate.name === remote || candidate.packageName === remote);
  if (!app) {
    throw new CliError(
      `unknown remote "${remote ?? ''}" (known: ${remoteApps()
        .map((known) => known.name)
        .join(', ')})`,
    );
  }
  const { name, packageName: pkgName } = app;
  const sourceDir = resolve(source ?? join(ROOT, app.dir));
  const { version } = JSON.parse(readFileSync(join(sourceDir, 'package.json'), 'utf8'));
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? '') || /\.\./.test(version))
    throw new CliError(`${sourceDir}/package.json has no valid semver version`);
  const mapsRoot = resolve(sourceMaps ?? sourceMapsDirFor(to));
  const mapsRemoteDir = inside(mapsRoot, pkgName);
  const mapsTarget = inside(mapsRoot, pkgName, version);
  if (isBlobAddress(to))
    return deployToStorage({ name, pkgName, version, sourceDir, to, mapsRemoteDir, mapsTarget, log });

  const remoteDir = inside(to, pkgName);
  const target = inside(to, pkgName, version);
  if (existsSync(target)) {
    throw new CliError(
      `${pkgName}@${version} is already published at ${target}; published versions are immutable: bump the version in package.json`,
    );
  }
  // Both folders are created before the build, so an unwritable destination fails at once.
  mkdirSync(remoteDir, { recursive: true });
  mkdirSync(mapsRemoteDir, { recursive: true });
  const staging = inside(to, pkgName, `.staging-${version}-${process.pid}`);
  const mapsStaging = inside(mapsRoot, pkgName, `.staging-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  rmSync(mapsStaging, { recursive: true, force: true });

  log(`Building ${pkgName}@${version}…`);
  buildInto({ pkgName, sourceDir, outputPath: staging, mapsDir: mapsStaging });
  const { buildHash, publishedAt, integrity } = stampAndSeal(staging, version);

  if (existsSync(target)) {
    rmSync(staging, { recursive: true, force: true });
    rmSync(mapsStaging, { recursive: true, force: true });
    throw new CliError(`${pkgName}@${version} was published by someone else meanwhile; nothing written`);
  }
  renameSync(staging, target);
  // Maps left by an earlier, unpublished attempt at this version are not this build's.
  rmSync(mapsTarget, { recursive: true, force: true });
  renameSync(mapsStaging, mapsTarget);

  const indexFile = inside(to, pkgName, 'versions.json');
  const index = existsSync(indexFile)
    ? JSON.parse(readFileSync(indexFile, 'utf8'))
    : { remote: name, package: pkgName, versions: [] };
  index.versions = [
    ...index.versions.filter((/** @type {{ version: string }} */ entry) => entry.version !== version),
    { version, buildHash, publishedAt, integrity },
  ];
  writeJsonAtomic(indexFile, index);
  log(`Published ${pkgName}@${version} (build ${buildHash}) → ${target} (source maps: ${mapsTarget})`);
  return { remote: name, package: pkgName, version, buildHash, integrity, target, sourceMaps: mapsTarget };
}

/**
 * The deploy to object storage: the store is asked first (reachable, credentials good, the
 * version not published), then the build runs in a temporary folder and publishVersion writes it.
 *
 * @param {{ name: string, pkgName: string, version: string, sourceDir: string, to: string, mapsRemoteDir: string, mapsTarget: string, log: (line: string) => void }} options
 */
async function deployToStorage({ name, pkgName, version, sourceDir, to, mapsRemoteDir, mapsTarget, log }) {
  const storage = openStorage(to);
  const target = storage.describe(`${pkgName}/${version}`);
  // Listing needs the credentials (a read of a public container does not): a wrong key fails here, before the build.
  const already = await storage.list(`${pkgName}/${version}/`);
  const index = await storage.read(`${pkgName}/versions.json`);
  const listed =
    index &&
    JSON.parse(index.bytes.toString('utf8')).versions?.some(
      (/** @type {{ version: string }} */ item) => item.version === version,
    );
  if (listed) {
    throw new CliError(
      `${pkgName}@${version} is already published at ${target}; published versions are immutable: bump the version in package.json`,
    );
  }
  if (already.length > 0)
    log(
      `${pkgName}@${version} is half-published (${already.length} files): completing it if this build has the same bytes…`,
    );
  const work = mkdtempSync(join(tmpdir(), 'devhub-deploy-'));
  try {
    const staging = join(work, 'build');
    const mapsStaging = join(work, 'maps');
    log(`Building ${pkgName}@${version}…`);
    buildInto({ pkgName, sourceDir, outputPath: staging, mapsDir: mapsStaging });
    const { buildHash, publishedAt } = stampAndSeal(staging, version);
    const entry = await publishVersion(storage, {
      remote: name,
      pkg: pkgName,
      version,
      dir: staging,
      buildHash,
      publishedAt,
    });
    mkdirSync(mapsRemoteDir, { recursive: true });
    rmSync(mapsTarget, { recursive: true, force: true });
    if (existsSync(mapsStaging)) renameSync(mapsStaging, mapsTarget);
    log(`Published ${pkgName}@${version} (build ${entry.buildHash}) → ${target} (source maps: ${mapsTarget})`);
    return {
      remote: name,
      package: pkgName,
      version,
      buildHash: entry.buildHash,
      integrity: entry.integrity,
      target,
      sourceMaps: mapsTarget,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli('deploy', () => {
    const { values, positionals } = parseCli({
      usage: USAGE,
      allowPositionals: true,
      options: { to: { type: 'string' }, source: { type: 'string' }, 'source-maps': { type: 'string' } },
    });
    if (positionals.length === 0)
      throw new UsageError(
        `which remote? (${remoteApps()
          .map((app) => app.name)
          .join(', ')})`,
      );
    if (positionals.length > 1) throw new UsageError(`one remote at a time (got ${positionals.join(', ')})`);
    return deploy({
      remote: positionals[0],
      to: values.to,
      source: values.source,
      sourceMaps: values['source-maps'],
    }).then(() => 0);
  });
}
