// @ts-check
// `npm run new-remote -- <name> [--port <port>]` (scripts/lib/new-remote.mjs).
import { newRemote, PORTS } from './lib/new-remote.mjs';
import { REMOTE_NAME_RULE } from '@devhub/contracts/registry';
import { CliError, parseCli, runCli } from './lib/cli.mjs';
import { WORKSPACE_ROOT } from './lib/workspace.mjs';

const USAGE = `usage: npm run new-remote -- <name> [--port <port>]
Scaffolds remote-<name>/, a remote with no page yet, as remote-account is made: its package (federation
name <name>, a dev server port of its own, the shell's dependency ranges), build config, types, standalone
page, an empty route table and the table's test; and adds it to package.json's workspaces, where lint,
types, unit tests, npm start and deploy find it. Writes all of it or nothing. Its first page
(npm run new-page) comes before its first build.
  <name>         its federation name; ${REMOTE_NAME_RULE}
  --port <port>  its dev server's port, ${PORTS.min}–${PORTS.max}, no other package's (default: the next free one
                 after the highest a remote uses)
  -h, --help     this help`;

runCli(
  'new-remote',
  () => {
    const { values, positionals } = parseCli({
      usage: USAGE,
      allowPositionals: true,
      options: { port: { type: 'string' } },
    });
    const [name, ...rest] = positionals;
    if (rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}"`);
    const { dir, port, files, next } = newRemote({ root: WORKSPACE_ROOT, name, port: values.port });
    console.log(`Created ${dir} (port ${port}):\n  ${files.join('\n  ')}`);
    console.log(
      `Next: its first page (it builds once it has one), install, build, deploy, pin:\n  ${next.join('\n  ')}`,
    );
    return 0;
  },
  { known: [CliError] },
);
