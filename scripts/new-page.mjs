// @ts-check
// `npm run new-page -- <remote> <path> --title "<title>" [--layout …] [--access …]` (scripts/lib/new-page.mjs).
import { newPage } from './lib/new-page.mjs';
import { CliError, parseCli, runCli } from './lib/cli.mjs';
import { WORKSPACE_ROOT } from './lib/workspace.mjs';

const USAGE = `usage: npm run new-page -- <remote> <path> --title "<Vietnamese title>" [--layout main|account|standalone] [--access public|signed-in]
Scaffolds a page in remote-<remote>/ only: its component (the title as its h1, content marked ready),
its test, its expose file and its entry in src/app/routes.ts. Layout and access default to those of
the remote's existing pages. The page goes live once a build of the remote is deployed and pinned.
  --title <text>     the screen title, shown as the page's heading
  --layout <name>    main, account or standalone
  --access <rule>    public or signed-in
  -h, --help         this help`;

runCli(
  'new-page',
  () => {
    const { values, positionals } = parseCli({
      usage: USAGE,
      allowPositionals: true,
      options: { title: { type: 'string' }, layout: { type: 'string' }, access: { type: 'string' } },
    });
    const [remote, path, ...rest] = positionals;
    if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}"`);
    const { component, files } = newPage({ root: WORKSPACE_ROOT, remote, path, ...values });
    console.log(`Added ${component} to remote-${remote}:\n  ${files.join('\n  ')}`);
    return 0;
  },
  { known: [CliError] },
);
