// `npm start` as a developer runs it, on free ports given through its flags: the `dev`
// project's worker fixture, started once per worker and stopped as Ctrl-C would. baseURL is
// its shell, so signedIn and sessionToken register through the dev server's /api proxy.
import { test as base } from './fixtures.ts';
import { startDevStack } from './dev-stack.mjs';

export interface DevStart {
  /** The port of each app, by id (shell, catalog, auth, account, auth-api). */
  ports: Record<string, number>;
  shellUrl: string;
  /** Everything `npm start` printed so far. */
  output(): string;
}

export const test = base.extend<object, { devStart: DevStart }>({
  baseURL: async ({ devStart }, use) => {
    await use(devStart.shellUrl);
  },

  devStart: [
    async ({}, use) => {
      const { stop, ...devStart } = await startDevStack();
      try {
        await use(devStart);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect } from './fixtures.ts';
