// @ts-check
// `npm run deploy -- <remote> [--to <dir>] [--source <dir>] [--source-maps <dir>]`: builds one
// remote and publishes it as an immutable version, <dir>/<package>/<version>/, a layout any
// static host, CDN or bucket sync serves as is. A published version is never overwritten. Its
// source maps are kept beside the deploy, never in it (<dir>-sourcemaps/<package>/<version>/).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { CliError, UsageError, parseCli, runCli } from './lib/cli.mjs';
import { filesUnder, sealVersion } from './lib/integrity.mjs';
import { packageBin } from './lib/package-bin.mjs';
import { WORKSPACE_ROOT as ROOT, remoteApps } from './lib/workspace.mjs';

const USAGE = `usage: npm run deploy -- <remote> [--to <dir>] [--source <dir>] [--source-maps <dir>]
  <remote>             ${remoteApps()
    .map((app) => app.name)
    .join(', ')} (or its package name)
  --to <dir>           where versions are published: <dir>/<package>/<version>/ (default .deploy)
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
  join(dirname(resolve(to)), `${basename(resolve(to))}-sourcemaps`);

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
 * @param {{ remote: string | undefined, to?: string | undefined, source?: string | undefined, sourceMaps?: string | undefined, log?: (line: string) => void }} options
 */
export function deploy({ remote, to = join(ROOT, '.deploy'), source, sourceMaps, log = console.log }) {
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
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? ''))
    throw new CliError(`${sourceDir}/package.json has no valid semver version`);

  const remoteDir = join(resolve(to), pkgName);
  const target = join(remoteDir, version);
  if (existsSync(target)) {
    throw new CliError(
      `${pkgName}@${version} is already published at ${target}; published versions are immutable: bump the version in package.json`,
    );
  }
  // Both folders are created before the build, so an unwritable destination fails at once.
  mkdirSync(remoteDir, { recursive: true });
  const mapsRemoteDir = join(resolve(sourceMaps ?? sourceMapsDirFor(to)), pkgName);
  mkdirSync(mapsRemoteDir, { recursive: true });
  const rspackCli = packageBin('@rspack/cli', { from: sourceDir });
  const staging = join(remoteDir, `.staging-${version}-${process.pid}`);
  const mapsStaging = join(mapsRemoteDir, `.staging-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  rmSync(mapsStaging, { recursive: true, force: true });

  log(`Building ${pkgName}@${version}…`);
  const build = spawnSync(process.execPath, [rspackCli, 'build', '--output-path', staging], {
    cwd: sourceDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new CliError(`build of ${pkgName} failed:\n${build.stdout}${build.stderr}`);
  }
  try {
    setSourceMapsAside(staging, mapsStaging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    rmSync(mapsStaging, { recursive: true, force: true });
    throw error;
  }

  const buildHash = contentHash(staging);
  const publishedAt = new Date().toISOString();
  const manifestFile = join(staging, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo = { ...manifest.metaData.buildInfo, buildVersion: version, buildHash, publishedAt };
  writeJsonAtomic(manifestFile, manifest);
  // Every file's digest goes into the manifest, and the manifest's into versions.json: a pin
  // copies it, and whatever runs the version checks its bytes against it (scripts/lib/integrity.mjs).
  const integrity = sealVersion(staging);

  if (existsSync(target)) {
    rmSync(staging, { recursive: true, force: true });
    rmSync(mapsStaging, { recursive: true, force: true });
    throw new CliError(`${pkgName}@${version} was published by someone else meanwhile; nothing written`);
  }
  renameSync(staging, target);
  // Maps left by an earlier, unpublished attempt at this version are not this build's.
  const mapsTarget = join(mapsRemoteDir, version);
  rmSync(mapsTarget, { recursive: true, force: true });
  renameSync(mapsStaging, mapsTarget);

  const indexFile = join(remoteDir, 'versions.json');
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
    deploy({ remote: positionals[0], to: values.to, source: values.source, sourceMaps: values['source-maps'] });
  });
}
