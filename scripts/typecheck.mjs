// @ts-check
// `npm run typecheck`: `tsc -b` over the repository's own tools (the references of tsconfig.json:
// the CLIs, the build's files, the bench) and every workspace package that has a tsconfig.json, read
// from the workspaces: a package a team adds (a remote) is type-checked without an edit to a list.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageBin } from '../rspack/package-bin.mjs';
import { parseCliOrExit, runCli } from './lib/cli.mjs';
import { WORKSPACE_ROOT, workspaceDirs } from './lib/workspace.mjs';

/** The projects `tsc -b` builds, relative to the repository. */
export function typecheckProjects(root = WORKSPACE_ROOT) {
  return ['tsconfig.json', ...workspaceDirs(root).filter((dir) => existsSync(join(root, dir, 'tsconfig.json')))];
}

const USAGE = `usage: npm run typecheck
Type-checks the repository with tsc -b: the tools tsconfig.json references, and every workspace
package with a tsconfig.json (a remote a team adds, too). tsc prints what it finds.
  --force     rebuild every project, as tsc -b --force
  --verbose   say what tsc -b builds and why
  --watch     keep checking as files change
  -h, --help  this help`;

/** The flags of tsc -b this command passes on. */
const TSC_FLAGS = ['force', 'verbose', 'watch'];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseCliOrExit('typecheck', {
    usage: USAGE,
    options: Object.fromEntries(TSC_FLAGS.map((flag) => [flag, { type: 'boolean' }])),
  });
  runCli('typecheck', () => {
    const tsc = packageBin('typescript', { name: 'tsc' });
    const flags = TSC_FLAGS.filter((flag) => values[flag]).map((flag) => `--${flag}`);
    const { status } = spawnSync(process.execPath, [tsc, '-b', ...flags, ...typecheckProjects()], {
      cwd: WORKSPACE_ROOT,
      stdio: 'inherit',
    });
    return status ?? 1;
  });
}
