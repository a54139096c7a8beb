// @ts-check
// `npm run deploy -- <remote> [--to <dir|azblob://container/prefix>] [--source <dir> | --no-build | --dist <dir>] [--source-maps <dir>]`:
// builds one remote (or takes the build `npm run build` made) and publishes it as an immutable
// version, <to>/<package>/<version>/, a layout any static host or CDN serves as is: a folder on
// this machine, or Azure Blob Storage, where every file is created only if absent, so no machine
// can overwrite a published version. Its source maps are kept beside the deploy, never in it
// (<dir>-sourcemaps/<package>/<version>/; for object storage, .deploy-sourcemaps on the machine
// that deployed).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PackageBinError } from '../rspack/package-bin.mjs';
import { CliError, UsageError, parseCli, runCli } from './lib/cli.mjs';
import { publishVersion } from './lib/publish-version.mjs';
import { isBlobAddress } from './lib/storage-objects.mjs';
import { openStorage } from './lib/storage.mjs';
import {
  buildInto,
  builtVersion,
  copyBuildInto,
  isVersion,
  stampAndSeal,
  writeJsonAtomic,
} from './lib/version-folder.mjs';
import { WORKSPACE_ROOT as ROOT, remoteApps } from './lib/workspace.mjs';

const USAGE = `usage: npm run deploy -- <remote> [--to <dir|URL>] [--source <dir> | --no-build | --dist <dir>]
                            [--source-maps <dir>]
  <remote>             ${remoteApps()
    .map((app) => app.name)
    .join(', ')} (or its package name)
  --to <dir|URL>       where versions are published: <dir>/<package>/<version>/ (default .deploy), or
                       azblob://<container>/<prefix> (Azure Blob Storage; credentials from
                       AZURE_STORAGE_CONNECTION_STRING)
  --source <dir>       the remote's folder to build (default: the workspace's)
  --no-build           publish the remote's dist/ as "npm run build" left it, without building again;
                       refused if it was built at another version than its package.json says
  --dist <dir>         publish the build in <dir> (a dist/ or a copy of one) as the version it was
                       built at (its mf-manifest.json's buildVersion), without building
  --source-maps <dir>  where the version's source maps go (default: <to>-sourcemaps, beside the deploy)
  -h, --help           this help`;

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

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(
    'deploy',
    () => {
      const { values, positionals } = parseCli({
        usage: USAGE,
        allowPositionals: true,
        options: {
          to: { type: 'string' },
          source: { type: 'string' },
          'no-build': { type: 'boolean' },
          dist: { type: 'string' },
          'source-maps': { type: 'string' },
        },
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
        dist: values.dist,
        noBuild: values['no-build'] ?? false,
        sourceMaps: values['source-maps'],
      }).then(() => 0);
    },
    { known: [PackageBinError] },
  );
}
