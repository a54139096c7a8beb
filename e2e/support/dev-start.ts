// `npm start` as a developer runs it, on free ports given through its flags: the `dev`
// project's worker fixture, started once per worker and stopped as Ctrl-C would. baseURL is
// its shell, so signedIn and sessionToken register through the dev server's /api proxy. It runs in a
// copy of the workspace: the Fast Refresh tests edit sources, and Jest, beside them in `npm test`,
// once compiled a half-edited file of the working tree.
import { test as base } from './fixtures.ts';
import { copyWorkspace } from '../../scripts/lib/workspace-copy.mjs';
import { startDevStack } from './dev-stack.mjs';

export interface DevStart {
  /** The port of each app, by id (shell, catalog, auth, account, auth-api). */
  ports: Record<string, number>;
  shellUrl: string;
  /** The workspace copy the dev servers run from and watch: the one a test may edit. */
  root: string;
  /** Everything `npm start` printed so far. */
  output(): string;
}

export const test = base.extend<object, { devStart: DevStart }>({
  baseURL: async ({ devStart }, use) => {
    await use(devStart.shellUrl);
  },

  devStart: [
    async ({}, use) => {
      const copy = copyWorkspace();
      try {
        const { stop, ...devStart } = await startDevStack({ root: copy.root });
        try {
          await use({ ...devStart, root: copy.root });
        } finally {
          await stop();
        }
      } finally {
        copy.remove();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect } from './fixtures.ts';
