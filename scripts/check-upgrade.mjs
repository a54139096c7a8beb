// @ts-check
// `npm run check:upgrade`: what the newest Module Federation and Rspack would break, tried in a
// copy of the workspace (never here): the copy gets its own node_modules with the newest
// `@module-federation/*` and `@rspack/*`, builds every app, runs a few browser tests against those
// builds, and prints a short summary. The build's adapter (rspack/bundler-internals/) names the
// internal that changed; that is usually the first thing to read.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, parseCli, runCli } from './lib/cli.mjs';
import { copyWorkspace } from './lib/workspace-copy.mjs';
import { WORKSPACE_ROOT } from './lib/workspace.mjs';

const USAGE = `Usage: npm run check:upgrade -- [options]

Copies the workspace to a temporary folder, installs the newest @module-federation/* and @rspack/*
there (npm install, in the copy only), builds every app and runs browser tests against the copy's
builds, then prints what broke. This workspace's package.json, lock and node_modules are untouched.

Options:
  --spec <file>     browser tests to run (default: e2e/tests/federation.spec.ts)
  --skip-browser    build only
  --keep            keep the copy (its path is printed)
  -h, --help        this help`;

const UPGRADED = /^@(module-federation|rspack)\//;
const ADAPTER_LINE = /(bundler internals|federation runtime internals): .*/g;

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(command, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The package.json files of the copy: the root's and each workspace's. */
function manifestsOf(/** @type {string} */ root) {
  const { workspaces } = readJson(join(root, 'package.json'));
  return ['.', .../** @type {string[]} */ (workspaces)].map((dir) => join(root, dir, 'package.json'));
}

/** The copy's node_modules link to this workspace's: removed, so npm installs into the copy alone. */
function unlinkInstalledPackages(/** @type {string} */ root) {
  for (const file of manifestsOf(root)) {
    const modules = join(file, '..', 'node_modules');
    if (existsSync(modules) || lstatSync(modules, { throwIfNoEntry: false })) {
      rmSync(modules, { recursive: true, force: true });
    }
  }
}

/** The newest version of a package, from the registry. */
function latestVersion(/** @type {string} */ name) {
  const result = spawnSync('npm', ['view', name, 'version'], { encoding: 'utf8' });
  const version = result.stdout.trim();
  if (result.status !== 0 || !version)
    throw new CliError(`cannot read the newest version of ${name}: ${result.stderr.trim().split('\n')[0]}`);
  return version;
}

/** Sets every @module-federation/* and @rspack/* dependency of the copy to its newest version. */
function pinLatest(/** @type {string} */ root) {
  /** @type {Map<string, { from: Set<string>, to: string }>} */
  const changes = new Map();
  for (const file of manifestsOf(root)) {
    const pkg = readJson(file);
    for (const field of ['dependencies', 'devDependencies']) {
      for (const [name, range] of Object.entries(pkg[field] ?? {})) {
        if (!UPGRADED.test(name)) continue;
        if (!changes.has(name)) changes.set(name, { from: new Set(), to: latestVersion(name) });
        const change = /** @type {{ from: Set<string>, to: string }} */ (changes.get(name));
        change.from.add(String(range));
        pkg[field][name] = change.to;
      }
    }
    writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  }
  return changes;
}

/** The failing tests' titles and the summary line of a Playwright run. */
function browserSummary(/** @type {string} */ output) {
  const failed = [...output.matchAll(/^\s+\d+\) .*$/gm)].map((match) => match[0].trim());
  const counts = [...output.matchAll(/^\s+(\d+ (passed|failed|flaky|skipped|did not run).*)$/gm)].map((m) => m[1]);
  return [...counts, ...failed.slice(0, 10)];
}

async function main() {
  const { values } = parseCli({
    usage: USAGE,
    options: { spec: { type: 'string' }, 'skip-browser': { type: 'boolean' }, keep: { type: 'boolean' } },
  });
  const spec = values.spec ?? 'e2e/tests/federation.spec.ts';
  if (!existsSync(join(WORKSPACE_ROOT, spec))) throw new CliError(`no such browser test file: ${spec}`);

  const copy = copyWorkspace();
  const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
  /** @type {string[]} */
  const broke = [];
  try {
    log(`check:upgrade: copy at ${copy.root}`);
    unlinkInstalledPackages(copy.root);
    const changes = pinLatest(copy.root);
    for (const [name, { from, to }] of changes) log(`  ${name}: ${[...from].join(', ')} → ${to}`);

    log('Installing (npm install in the copy)…');
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], copy.root);
    if (install.code !== 0) {
      broke.push(`npm install failed: ${install.output.trim().split('\n').slice(-3).join(' / ')}`);
      return report(broke, copy, values.keep);
    }

    log('Building every app…');
    const build = await run('npm', ['run', 'build'], copy.root);
    if (build.code !== 0) {
      const adapter = [...new Set(build.output.match(ADAPTER_LINE) ?? [])];
      broke.push(
        ...(adapter.length > 0
          ? adapter.map((line) => `build: ${line}`)
          : [`build failed: ${build.output.trim().split('\n').slice(-5).join(' / ')}`]),
      );
      return report(broke, copy, values.keep);
    }
    log('  built.');

    if (!values['skip-browser']) {
      log(`Browser tests: ${spec}…`);
      const browser = await run(
        'npx',
        ['playwright', 'test', spec, '--project', 'preview', '--reporter', 'list'],
        copy.root,
      );
      const summary = browserSummary(browser.output);
      const adapter = [...new Set(browser.output.match(ADAPTER_LINE) ?? [])];
      if (browser.code !== 0)
        broke.push(...adapter.map((line) => `browser: ${line}`), ...summary.map((line) => `browser: ${line}`));
      else log(`  ${summary[0] ?? 'passed'}`);
    }
    return report(broke, copy, values.keep);
  } catch (error) {
    if (!values.keep) copy.remove();
    throw error;
  }
}

/**
 * @param {string[]} broke
 * @param {{ root: string, remove: () => void }} copy
 * @param {boolean | undefined} keep
 */
function report(broke, copy, keep) {
  if (keep) process.stdout.write(`The copy stays at ${copy.root}\n`);
  else copy.remove();
  if (broke.length === 0) {
    process.stdout.write('check:upgrade: nothing broke with the newest versions.\n');
    return 0;
  }
  process.stdout.write(
    `check:upgrade: what broke with the newest versions:\n${broke.map((line) => `  - ${line}`).join('\n')}\n`,
  );
  return 1;
}

runCli('check:upgrade', main);
