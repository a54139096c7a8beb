import type { Federation } from '../features/remotes/federation';
import { createRemoteHost, type RemoteHost } from '../features/remotes/remote-host';
import type { StartOptions } from '../features/remotes/remote-loader-types';
import type { ShellBuild } from '../features/remotes/shell-record';
import { fakeFederation, type FakePages } from './fake-federation';
import { SHELL_BUILD, remoteEntryUrl } from './federation-fixtures';

// The remote loader's tests' own host (remote-loader*.test.ts): a fresh one per test.

/** How the loader registers a remote it checked: the entry script its manifest names. */
export const registration = (remote: string, entry = remoteEntryUrl(remote)) => [
  [expect.objectContaining({ name: remote, entry, type: 'global', entryGlobalName: remote })],
  { force: true },
];

/** The page the fake catalog serves. */
export function HomePage() {
  return null;
}

/**
 * A host of its own (its registry, manifests, pages and status), on a federation runtime of its own
 * whose remotes answer from `pages`, for one test; `registered` is every registration it made.
 */
export function freshLoader(
  options: StartOptions = {},
  build: ShellBuild = SHELL_BUILD,
  pages: FakePages = { 'catalog/HomePage': { HomePage } },
): {
  loader: RemoteHost;
  runtime: { registerRemotes: jest.SpiedFunction<Federation['registerRemotes']> };
  status: RemoteHost['status'];
} {
  const federation = fakeFederation(pages);
  const registered = jest.spyOn(federation(), 'registerRemotes');
  const loader: RemoteHost = createRemoteHost(build, options, { federation });
  return { loader, runtime: { registerRemotes: registered }, status: loader.status };
}
