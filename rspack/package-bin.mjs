// @ts-check
// The executable a package declares in its package.json `bin`, found the way Node finds the
// package from a folder: no path inside a package is written down anywhere else, so a package
// that moves its CLI (or is hoisted elsewhere by npm) is still found.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKSPACE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A package or executable that is not there: the commands list it as known, so it is one line. */
export class PackageBinError extends Error {
  /** @override */
  name = 'PackageBinError';
}

/**
 * @param {string} pkg  the package's name ("@rspack/cli")
 * @param {{ from?: string, name?: string }} [options]  `from`: the folder to resolve from (default:
 *   the workspace root); `name`: which of several executables (default: the one named after the
 *   package, or its only one)
 * @returns {string} the absolute path of the executable's file
 */
export function packageBin(pkg, { from = WORKSPACE_ROOT, name } = {}) {
  // Node's own lookup folders from `from`: `<pkg>/package.json` need not be in a package's exports.
  const lookup = createRequire(join(resolve(from), 'package.json')).resolve.paths(pkg) ?? [];
  const manifest = lookup.map((dir) => join(dir, pkg, 'package.json')).find((file) => existsSync(file));
  if (!manifest) throw new PackageBinError(`${pkg} is not installed (looked from ${from}): run "npm install"`);
  /** @type {{ name?: string, bin?: string | Record<string, string> }} */
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  const unscoped = pkg.split('/').pop() ?? pkg;
  const wanted = name ?? unscoped;
  /** @type {string | undefined} */
  let file;
  if (typeof bin === 'string') file = name === undefined || name === unscoped ? bin : undefined;
  else if (bin && typeof bin === 'object') {
    const entries = Object.entries(bin);
    file = bin[wanted] ?? (name === undefined && entries.length === 1 ? entries[0]?.[1] : undefined);
  }
  if (!file) {
    throw new PackageBinError(
      `${pkg} declares no executable${name ? ` named "${name}"` : ''} in the "bin" field of ${manifest}`,
    );
  }
  return resolve(dirname(manifest), file);
}
