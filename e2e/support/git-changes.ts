// What a team's commands changed in its copy of the repository, as `git status` says it: the
// copy is committed as it is first, so every file written after shows.
import { spawnSync } from 'node:child_process';

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Commits the copy at `root` as it is now, in a repository of its own. */
export function trackChanges(root: string): void {
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'before the team’s commands');
}

/** The files changed or added since trackChanges, by their paths in the copy. */
export function changedFiles(root: string): string[] {
  return git(root, 'status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
}
