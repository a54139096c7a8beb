// @ts-check
// Deploys one remote (scripts/deploy.mjs is its command line): builds it, or takes a build made
// before, and publishes it as an immutable version, <to>/<package>/<version>/, a layout any static
// host or CDN serves as is: a folder on this machine, or Azure Blob Storage, where every file is
// created only if absent, so no machine can overwrite a published version. Its source maps are kept
// beside the deploy, never in it (<dir>-sourcemaps/<package>/<version>/; for object storage,
// .deploy-sourcemaps on the machine that deployed).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CliError, UsageError } from './cli.mjs';
import { publishVersion } from './publish-version.mjs';
import { isBlobAddress } from './storage-objects.mjs';
import { openStorage } from './storage.mjs';
import { buildInto, builtVersion, copyBuildInto, isVersion, stampAndSeal, writeJsonAtomic } from './version-folder.mjs';
import { WORKSPACE_ROOT as ROOT, remoteApps } from './workspace.mjs';

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

/**
 * @param {{ remote: string | undefined, to?: string | undefined, source?: string | undefined, dist?: string | undefined, noBuild?: boolean, sourceMaps?: string | undefined, log?: (line: string) => void }} options
 *   `dist`: publish that build instead of building; `noBuild`: publish the source's dist/
 */
export async function deploy({
  remote,
  to = join(ROOT, '.deploy'),
  source,
  dist,
  noBuild = false,
  sourceMaps,
  log = console.log,
}) {
  const app = remoteApps().find((candidate) => candidate.name === remote || candidate.packageName === remote);
  if (!app) {
    throw new CliError(
      `unknown remote "${remote ?? ''}" (known: ${remoteApps()
        .map((known) => known.name)
        .join(', ')})`,
    );
  }
  if (dist !== undefined && source !== undefined) {
    throw new UsageError('--dist names a build to publish, --source a folder to build: give one of them');
  }
  const { name, packageName: pkgName } = app;
  const sourceDir = resolve(source ?? join(ROOT, app.dir));
  const builtDir = dist !== undefined ? resolve(dist) : noBuild ? join(sourceDir, 'dist') : undefined;
  /** The version package.json names, unless a build given with --dist says its own. */
  const declared = () => {
    const file = join(sourceDir, 'package.json');
    const { version } = JSON.parse(readFileSync(file, 'utf8'));
    if (!isVersion(version)) throw new CliError(`${sourceDir}/package.json has no valid semver version`);
    return { version, file };
  };
  const version =
    builtDir === undefined
      ? declared().version
      : builtVersion(builtDir, app, dist === undefined ? declared() : undefined);
  /**
   * Makes the version's files in `outputPath` and its maps in `mapsDir`: the build, or a copy of the one given.
   *
   * @param {string} outputPath
   * @param {string} mapsDir
   */
  const prepare = (outputPath, mapsDir) => {
    if (builtDir === undefined) {
      log(`Building ${pkgName}@${version}…`);
      buildInto({ pkgName, sourceDir, outputPath, mapsDir });
    } else {
      log(`Publishing the build in ${builtDir} as ${pkgName}@${version}…`);
      copyBuildInto({ builtDir, outputPath, mapsDir });
    }
  };
  const mapsRoot = resolve(sourceMaps ?? sourceMapsDirFor(to));
  const mapsRemoteDir = inside(mapsRoot, pkgName);
  const mapsTarget = inside(mapsRoot, pkgName, version);
  if (isBlobAddress(to))
    return deployToStorage({ name, pkgName, version, prepare, to, mapsRemoteDir, mapsTarget, log });

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

  prepare(staging, mapsStaging);
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
 * version not published), then the version is made in a temporary folder and publishVersion writes it.
 *
 * @param {{ name: string, pkgName: string, version: string, prepare: (outputPath: string, mapsDir: string) => void, to: string, mapsRemoteDir: string, mapsTarget: string, log: (line: string) => void }} options
 */
async function deployToStorage({ name, pkgName, version, prepare, to, mapsRemoteDir, mapsTarget, log }) {
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
    prepare(staging, mapsStaging);
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
