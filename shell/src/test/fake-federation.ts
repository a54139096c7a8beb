import { createInstance } from '@module-federation/enhanced/runtime';
import type { Federation } from '../features/remotes/federation';
import { REGISTRY, remoteEntryUrl } from './federation-fixtures';

/** What a fake remote's page id loads: its module, or a function giving it (a promise holds the load, a throw fails it). */
export type FakePages = Record<string, object | (() => unknown)>;

/** The pages of the latest fakeFederation: a test file's remotes answer from its current test's. */
const current: { pages: FakePages } = { pages: {} };

/** A remote's entry as its script leaves it in the page: `init` for the share scope, `get` for a module. */
const container = (remote: string) => ({
  init: () => undefined,
  async get(expose: string) {
    const page = current.pages[`${remote}/${expose.replace(/^\.\//, '')}`];
    if (page === undefined) throw new Error(`${remote} exposes no ${expose}`);
    const module = typeof page === 'function' ? await page() : page;
    return () => module;
  },
});

/**
 * The real federation runtime, an instance of the test's own, whose remotes' entries (the registry
 * fixture's, and those of `pages`) are in
 * the page already (the global each entry script leaves; jsdom runs no script): a page load goes
 * through every hook of the runtime and of the host's plugins, and answers from `pages`. The
 * globals stay when the runtime drops a remote (a retry), as a browser would run the entry again.
 */
export function fakeFederation(pages: FakePages = {}): () => Federation {
  current.pages = pages;
  const remotes = new Set([...Object.keys(REGISTRY.remotes), ...Object.keys(pages).map((id) => id.split('/')[0]!)]);
  for (const remote of remotes) {
    if (Object.getOwnPropertyDescriptor(window, remote)) continue;
    const entry = container(remote);
    Object.defineProperty(window, remote, { get: () => entry, set: () => undefined, configurable: false });
  }
  const federation = createInstance({ name: `shell-test-${Math.random().toString(36).slice(2)}`, remotes: [] });
  return () => federation;
}

/** Registers a remote with a fake runtime (fake-federation.ts) the way the host's check does. */
export function registerFakeRemote(federation: Federation, remote: string): void {
  federation.registerRemotes(
    [{ name: remote, entry: remoteEntryUrl(remote), type: 'global', entryGlobalName: remote }],
    {
      force: true,
    },
  );
}
