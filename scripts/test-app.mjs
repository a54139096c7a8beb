// @ts-check
// `npm test -w <app>` (each app's package.json: `node ../scripts/test-app.mjs`): what a team runs to
// prove its change alone, in three lines at once (concurrently): its ESLint, Prettier and types; its
// Jest project; the production builds, then the browser tests tagged with its name (`@catalog`) in
// the shell. The first line to fail stops the others; concurrently prints each line's time at the end.
import { basename, delimiter, join } from 'node:path';
import concurrently from 'concurrently';
import { APPS, ROOT } from './lib/apps.mjs';
import { parseCliOrExit, runCli, UsageError } from './lib/cli.mjs';

const USAGE = `usage: npm test -w <app>   (or, from the repository: node scripts/test-app.mjs <app>)
  <app>       an app's folder or name (remote-catalog, catalog, shell…); by default the current folder's
Runs its lint, formatting and types, its unit tests, and its browser tests in the shell
(playwright test --grep @<name>, on a fresh production build), at the same time.
  -h, --help  this help`;

/**
 * The three lines of `npm test -w <app>` for the app in `dir` (or named `name`).
 *
 * @param {string} name  an app's folder or federation name
 * @returns {{ name: string, command: string, cwd: string, env: Record<string, string> }[]}
 */
export function testLines(name) {
  const app = APPS.find((candidate) => candidate.dir === name || candidate.id === name);
  if (!app) throw new UsageError(`unknown app "${name}" (known: ${APPS.map((known) => known.dir).join(', ')})`);
  const cwd = join(ROOT, app.dir);
  // The workspace's tools, when run as `node scripts/test-app.mjs` rather than through npm.
  const env = { PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };
  return [
    // From the repository, which holds the ignore files and the configs.
    {
      name: 'checks',
      command: `eslint --max-warnings=0 ${app.dir} && prettier --check ${app.dir} && tsc -b ${app.dir}`,
      cwd: ROOT,
      env,
    },
    { name: 'unit', command: 'npm run test:unit', cwd, env },
    {
      name: 'browser',
      // The tags are app names (e2e/support/app-tags.test.ts keeps them so); `(?![\w-])` keeps
      // `@catalog` from also picking a longer tag that starts with it.
      command: `npm run build && playwright test --project preview --grep "@${app.id}(?![\\w-])"`,
      cwd: ROOT,
      env,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals } = parseCliOrExit('test-app', { usage: USAGE, allowPositionals: true });
  runCli('test-app', async () => {
    if (positionals.length > 1) throw new UsageError('name one app');
    const lines = testLines(positionals[0] ?? basename(process.cwd()));
    const { result } = concurrently(lines, {
      killOthersOn: ['failure'],
      prefixColors: ['cyan', 'magenta', 'blue'],
      timings: true,
    });
    return result.then(
      () => 0,
      () => 1,
    );
  });
}
