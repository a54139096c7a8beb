// @ts-check
// A copy of the workspace in a temporary folder, to build a variant of it (an A/B side, a remote
// built against another @devhub/shared) without touching the source tree: the files of the
// working tree or of a git revision, with node_modules linked to this workspace's installed
// packages, except the workspace's own packages, linked to the copy's.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CliError } from './cli.mjs';
import { packageBin } from '../../rspack/package-bin.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

/** @param {string[]} args */
function git(...args) {
  const result = spawnSync('git', args, { cwd: WORKSPACE_ROOT, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new CliError(`git ${args.join(' ')} failed: ${result.stderr.toString()}`);
  return result.stdout;
}

/**
 * Copies the tracked and untracked-but-not-ignored files of the working tree.
 *
 * @param {string} target
 */
function copyWorkingTree(target) {
  const files = git('ls-files', '-z', '--cached', '--others', '--exclude-standard').toString().split('\0');
  for (const file of files) {
    const source = join(WORKSPACE_ROOT, file);
    if (!file || !existsSync(source) || lstatSync(source).isDirectory()) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(source, join(target, file));
  }
}

/**
 * Extracts the files of a git revision.
 *
 * @param {string} ref
 * @param {string} target
 */
function copyRevision(ref, target) {
  const archive = git('archive', '--format=tar', ref);
  const tar = spawnSync('tar', ['-x', '-C', target], { input: archive });
  if (tar.status !== 0) throw new CliError(`extracting ${ref} failed: ${tar.stderr.toString()}`);
}

/**
 * Links `copy/node_modules` to this workspace's packages: each entry to the installed one, but a
 * workspace package to its folder in the copy (as npm links it), so the copy builds its own code.
 *
 * @param {string} copy
 */
function linkNodeModules(copy) {
  const installed = join(WORKSPACE_ROOT, 'node_modules');
  const linkEntry = (/** @type {string} */ from, /** @type {string} */ to) => {
    const stat = lstatSync(from);
    if (stat.isSymbolicLink()) {
      const real = realpathSync(from);
      if (real.startsWith(WORKSPACE_ROOT + sep) && !real.includes(`${sep}node_modules${sep}`)) {
        // A workspace package: point at the copy's version of it.
        symlinkSync(join(copy, relative(WORKSPACE_ROOT, real)), to);
        return;
      }
      symlinkSync(resolve(dirname(from), readlinkSync(from)), to);
      return;
    }
    symlinkSync(from, to);
  };
  mkdirSync(join(copy, 'node_modules'));
  for (const name of readdirSync(installed)) {
    const from = join(installed, name);
    const to = join(copy, 'node_modules', name);
    if (name.startsWith('@') && readdirSync(from).some((child) => lstatSync(join(from, child)).isSymbolicLink())) {
      mkdirSync(to);
      for (const child of readdirSync(from)) linkEntry(join(from, child), join(to, child));
    } else {
      linkEntry(from, to);
    }
  }
  // Dependencies npm nested inside a workspace package (another version than the root's).
  const { workspaces } = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8'));
  for (const dir of /** @type {string[]} */ (workspaces)) {
    const nested = join(WORKSPACE_ROOT, dir, 'node_modules');
    if (existsSync(nested) && existsSync(join(copy, dir))) symlinkSync(nested, join(copy, dir, 'node_modules'));
  }
}

/**
 * @typedef {object} WorkspaceCopy
 * @property {string} root
 * @property {(file: string, change: (text: string) => string) => void} edit  rewrites a file of the copy
 * @property {(patchFile: string) => void} applyPatch  applies a `git diff` to the copy
 * @property {(app: string, env?: Record<string, string>) => Promise<string>} build  production build of
 *   an app of the copy (its folder name), resolving to its dist folder
 * @property {() => void} remove
 */

/**
 * @param {{ ref?: string, parent?: string }} [options]  `ref`: a git revision (default: the
 *   working tree); `parent`: where the temporary folder goes
 * @returns {WorkspaceCopy}
 */
export function copyWorkspace({ ref, parent = tmpdir() } = {}) {
  const root = mkdtempSync(join(parent, 'devhub-copy-'));
  if (ref) copyRevision(ref, root);
  else copyWorkingTree(root);
  linkNodeModules(root);
  return {
    root,
    edit(file, change) {
      const path = join(root, file);
      writeFileSync(path, change(readFileSync(path, 'utf8')));
    },
    applyPatch(patchFile) {
      const result = spawnSync('git', ['apply', resolve(patchFile)], { cwd: root, encoding: 'utf8' });
      if (result.status !== 0) throw new CliError(`${patchFile} does not apply: ${result.stderr}`);
    },
    build(app, env = {}) {
      const cwd = join(root, app);
      return new Promise((resolvePromise, reject) => {
        // The copy's own rspack, resolved from its root as the copy's packages are.
        const child = spawn(process.execPath, [packageBin('@rspack/cli', { from: root }), 'build'], {
          cwd,
          env: { ...process.env, NODE_ENV: 'production', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) =>
          code === 0 ? resolvePromise(join(cwd, 'dist')) : reject(new CliError(`building ${app} failed:\n${output}`)),
        );
      });
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
