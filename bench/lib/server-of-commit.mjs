// `npm run bench:ab -- --b-server <commit>`: B is that commit's static server module and nothing
// else of it. It is started on the stack A's side prepared (the same deployed files, the registry
// file today's pinning wrote, with routes and digests, and the same prerendered pages), with the
// options A's server got, so the A/B measures how files are sent and with which headers. An older
// commit's whole stack would also pin and render as that commit did, and the shell would take
// other paths. The module is read from an extracted copy of the commit, never checked out here.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError } from '../../scripts/lib/cli.mjs';
import { copyWorkspace } from '../../scripts/lib/workspace-copy.mjs';
import { WORKSPACE_ROOT } from '../../scripts/lib/workspace.mjs';

/** The module B's server comes from, in the commit's tree. */
export const SERVER_MODULE = 'scripts/lib/static-server.mjs';

/**
 * What this adapter calls, as fb628ca's hand-written server exports it (the parent of the move to
 * fastify, 05ce8b4, which kept the same three): `createStaticServer({ tls, root, spa, files,
 * mounts, pages, … })` → a Node server, `listen(server, port, host)` → its port,
 * `closeServer(server)`.
 */
const SERVER_API = ['createStaticServer', 'listen', 'closeServer'];

/**
 * @typedef {object} ServedStack  what the adapter needs of a stack of e2e/support/stack.mjs
 * @property {string} shellUrl
 * @property {Record<string, string>} remotes  each remote's own origin (empty in the cdn layout)
 * @property {Record<string, unknown>} shellServerOptions  what its shell server was created with
 */

/**
 * Loads the static server of `commit`.
 *
 * @param {string} commit
 */
export async function serverOfCommit(commit) {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}:${SERVER_MODULE}`], { cwd: WORKSPACE_ROOT, stdio: 'ignore' });
  } catch {
    throw new CliError(`--b-server ${commit}: the commit has no ${SERVER_MODULE}`);
  }
  // The whole tree, with this workspace's node_modules: the module's own imports resolve as at that commit.
  const copy = copyWorkspace({ ref: commit });
  try {
    const server = await import(pathToFileURL(join(copy.root, SERVER_MODULE)).href);
    const missing = SERVER_API.filter((name) => typeof server[name] !== 'function');
    if (missing.length > 0) {
      throw new CliError(
        `--b-server ${commit}: ${SERVER_MODULE} exports no ${missing.join(', ')}; ` +
          `bench/lib/server-of-commit.mjs drives the API of fb628ca (${SERVER_API.join(', ')})`,
      );
    }
    return {
      commit,
      /**
       * Starts the commit's server beside `stack`'s own, on the files it serves.
       *
       * @param {ServedStack} stack  a stack of the cdn layout (one server, the remotes under it)
       */
      async serve(stack) {
        if (!stack.shellServerOptions) throw new Error('the stack does not say what its server was started with');
        if (Object.values(stack.remotes).some(Boolean)) {
          throw new Error('--b-server serves a stack of the cdn layout only (remotes under the shell origin)');
        }
        const url = new URL(stack.shellUrl);
        const instance = server.createStaticServer(stack.shellServerOptions);
        url.port = String(await server.listen(instance, 0, url.hostname));
        return { shellUrl: url.origin, stop: () => server.closeServer(instance) };
      },
      remove: () => copy.remove(),
    };
  } catch (error) {
    copy.remove();
    throw error;
  }
}
