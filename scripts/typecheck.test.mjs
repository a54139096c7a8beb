import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { typecheckProjects } from './typecheck.mjs';
import { WORKSPACE_ROOT, workspaceDirs } from './lib/workspace.mjs';

const rootReferences = () =>
  JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'tsconfig.json'), 'utf8')).references.map(
    (/** @type {{ path: string }} */ reference) => reference.path.replace(/^\.\//, ''),
  );

describe('npm run typecheck', () => {
  it('covers every folder of the repository that has a tsconfig.json: the workspace packages, and the tools tsconfig.json references', () => {
    const covered = new Set([...typecheckProjects(), ...rootReferences()]);
    const folders = readdirSync(WORKSPACE_ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(WORKSPACE_ROOT, entry.name, 'tsconfig.json')))
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((folder) => !covered.has(folder))).toEqual([]);
  });

  it('takes the workspace packages from the workspaces alone: tsconfig.json references none of them', () => {
    expect(rootReferences().filter((path) => workspaceDirs().includes(path))).toEqual([]);
  });
});
