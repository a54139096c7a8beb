// @ts-check
// The folder `deploy` publishes as a version: a remote's production build, made anew or taken as
// `npm run build` left it, with its source maps set aside, stamped with its version and sealed
// (every file's digest in its manifest, scripts/lib/integrity.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { CliError } from './cli.mjs';
import { MANIFEST_FILE, filesUnder, sealVersion } from './integrity.mjs';
import { packageBin } from '../../rspack/package-bin.mjs';

/** A version as package.json and a build's manifest write it; never a path segment of its own. */
export const isVersion = (/** @type {unknown} */ version) =>
  typeof version === 'string' && /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version) && !/\.\./.test(version);

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
 * Sets the source maps of the build in `outputPath` aside into `mapsDir`; both folders are removed
 * if that fails.
 *
 * @param {string} outputPath
 * @param {string} mapsDir
 */
function mapsAsideOrClean(outputPath, mapsDir) {
  try {
    setSourceMapsAside(outputPath, mapsDir);
  } catch (error) {
    rmSync(outputPath, { recursive: true, force: true });
    rmSync(mapsDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs the remote's production build into `outputPath` and sets its source maps aside into
 * `mapsDir`; both folders are removed if it fails.
 *
 * @param {{ pkgName: string, sourceDir: string, outputPath: string, mapsDir: string }} build
 */
export function buildInto({ pkgName, sourceDir, outputPath, mapsDir }) {
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
  mapsAsideOrClean(outputPath, mapsDir);
}

/**
 * Copies a build already made (`builtDir`, left as it is) into `outputPath` and sets the copy's
 * source maps aside into `mapsDir`; both folders are removed if it fails.
 *
 * @param {{ builtDir: string, outputPath: string, mapsDir: string }} build
 */
export function copyBuildInto({ builtDir, outputPath, mapsDir }) {
  cpSync(builtDir, outputPath, { recursive: true });
  mapsAsideOrClean(outputPath, mapsDir);
}

/**
 * The version a build already made records (its manifest's `buildInfo.buildVersion`, what its
 * package.json said when it was built), refused unless it is a build of `app`, and, when
 * `expected` is given, unless it is that version: a dist/ left from before a version bump is not
 * the version package.json names.
 *
 * @param {string} builtDir
 * @param {{ name: string, dir: string, packageName: string }} app
 * @param {{ version: string, file: string }} [expected]  the version package.json says, and that file
 * @returns {string}
 */
export function builtVersion(builtDir, app, expected) {
  const file = join(builtDir, MANIFEST_FILE);
  const buildFirst = `run "npm run build -w ${app.dir}" first`;
  if (!existsSync(file)) throw new CliError(`${builtDir} holds no build (no ${MANIFEST_FILE}): ${buildFirst}`);
  /** @type {{ metaData?: { name?: unknown, buildInfo?: { buildVersion?: unknown } } }} */
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new CliError(`${file} is not JSON: ${buildFirst}`);
  }
  const name = manifest?.metaData?.name;
  if (name !== app.name) throw new CliError(`${builtDir} is a build of ${JSON.stringify(name)}, not of ${app.name}`);
  const version = manifest.metaData?.buildInfo?.buildVersion;
  if (!isVersion(version)) throw new CliError(`${file} records no valid version (metaData.buildInfo.buildVersion)`);
  if (expected && version !== expected.version) {
    throw new CliError(
      `${builtDir} was built as ${app.packageName}@${version}, but ${expected.file} says ${expected.version}: build it again ("npm run build -w ${app.dir}")`,
    );
  }
  return /** @type {string} */ (version);
}

/**
 * @param {string} file
 * @param {unknown} value
 */
export function writeJsonAtomic(file, value) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

/**
 * Stamps the build into its manifest and seals the version (every file's digest in the
 * manifest, scripts/lib/integrity.mjs): whatever runs the version checks its bytes against it.
 *
 * @param {string} dir
 * @param {string} version
 */
export function stampAndSeal(dir, version) {
  const buildHash = contentHash(dir);
  const publishedAt = new Date().toISOString();
  const manifestFile = join(dir, MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo = { ...manifest.metaData.buildInfo, buildVersion: version, buildHash, publishedAt };
  writeJsonAtomic(manifestFile, manifest);
  return { buildHash, publishedAt, integrity: sealVersion(dir) };
}
