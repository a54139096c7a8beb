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
  -h, --help  this help`;

if (import.meta.url === `file://${process.argv[1]}`) {
  parseCliOrExit('typecheck', { usage: USAGE });
  runCli('typecheck', () => {
    const tsc = packageBin('typescript', { name: 'tsc' });
    const { status } = spawnSync(process.execPath, [tsc, '-b', ...typecheckProjects()], {
      cwd: WORKSPACE_ROOT,
      stdio: 'inherit',
    });
    return status ?? 1;
  });
}
