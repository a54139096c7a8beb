// @ts-check
// `npm run deploy -- <remote> [--to <dir>] [--source <dir>]`: builds one remote and publishes
// it as an immutable version, <dir>/<package>/<version>/, a layout any static host, CDN or
// bucket sync serves as is. A published version is never overwritten.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CliError } from './lib/registry-file.mjs';
import { WORKSPACE_ROOT as ROOT, remoteApps } from './lib/workspace.mjs';

const rspackCli = join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');

/**
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

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
 * @param {string} file
 * @param {unknown} value
 */
function writeJsonAtomic(file, value) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

/**
 * @param {{ remote: string | undefined, to?: string | undefined, source?: string | undefined, log?: (line: string) => void }} options
 */
export function deploy({ remote, to = join(ROOT, '.deploy'), source, log = console.log }) {
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
  mkdirSync(remoteDir, { recursive: true });
  const staging = join(remoteDir, `.staging-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });

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

  const buildHash = contentHash(staging);
  const publishedAt = new Date().toISOString();
  const manifestFile = join(staging, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo = { ...manifest.metaData.buildInfo, buildVersion: version, buildHash, publishedAt };
  writeJsonAtomic(manifestFile, manifest);

  if (existsSync(target)) {
    rmSync(staging, { recursive: true, force: true });
    throw new CliError(`${pkgName}@${version} was published by someone else meanwhile; nothing written`);
  }
  renameSync(staging, target);

  const indexFile = join(remoteDir, 'versions.json');
  const index = existsSync(indexFile)
    ? JSON.parse(readFileSync(indexFile, 'utf8'))
    : { remote: name, package: pkgName, versions: [] };
  index.versions = [
    ...index.versions.filter((/** @type {{ version: string }} */ entry) => entry.version !== version),
    { version, buildHash, publishedAt },
  ];
  writeJsonAtomic(indexFile, index);
  log(`Published ${pkgName}@${version} (build ${buildHash}) → ${target}`);
  return { remote: name, package: pkgName, version, buildHash, target };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { to: { type: 'string' }, source: { type: 'string' } },
    });
    if (positionals.length !== 1) throw new CliError('usage: npm run deploy -- <remote> [--to <dir>] [--source <dir>]');
    deploy({ remote: positionals[0], to: values.to, source: values.source });
  } catch (error) {
    console.error(error instanceof CliError ? `deploy: ${error.message}` : error);
    process.exit(1);
  }
}
