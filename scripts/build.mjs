// @ts-check
// `npm run build`: every workspace's build in one npm run, but a remote without a page yet, said
// in one line (lib/apps.mjs, buildPlan): a new team's remote does not fail everyone's build.
import { spawnSync } from 'node:child_process';
import { ROOT, buildPlan } from './lib/apps.mjs';
import { parseCli, runCli } from './lib/cli.mjs';

const USAGE = `usage: npm run build
Builds every workspace that has a build script, in the order of the root package.json's workspaces;
a remote without a page yet is left out, with one line saying how to add its first.
  -h, --help  this help`;

runCli('build', () => {
  parseCli({ usage: USAGE });
  const { build, skipped } = buildPlan();
  for (const line of skipped) console.warn(line);
  const run = spawnSync('npm', ['run', 'build', ...build.flatMap((dir) => ['--workspace', dir])], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return run.status ?? 1;
});
