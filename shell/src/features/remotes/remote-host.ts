import type { Federation } from './federation';
import { createFirstPage, type FirstPage } from './first-page';
import { createManifests } from './manifests';
import { createRoutes } from './routes-store';
import { createRemoteLoader } from './remote-loader';
import type { RemoteLoader, StartOptions } from './remote-loader-types';
import { createRemoteStatus, type RemoteStatusStore } from './remote-status';
import type { ShellBuild } from './shell-record';

/**
 * Everything the shell knows about its remotes, in one object: the registry it read, the manifests
 * it checked against this shell build, the files it trusts, the pages it loaded, the routes they
 * make, the status the remotes panel shows and how far the first page is. The browser's shell creates one as it starts
 * (bootstrap.tsx), with the shell build index.html describes, and hands it to React through
 * context (useRemoteHost); the server renderer creates one per render, with its own; a test
 * creates its own.
 */
export interface RemoteHost extends RemoteLoader {
  status: RemoteStatusStore;
  routes: ReturnType<typeof createRoutes>;
  firstPage: FirstPage;
}

/** What the browser's page gives its remote host (bootstrap.tsx); a server render or a test gives none. */
export interface HostPage {
  /** The page's <html>, where the host shows the inline event replay how far the first page is (first-page.ts). */
  root?: HTMLElement;
  /** The federation runtime pages load through: the shell build's by default; a test's own. */
  federation?: () => Federation;
}

/** A remote host for `build`. */
export function createRemoteHost(build: ShellBuild, options: StartOptions = {}, page: HostPage = {}): RemoteHost {
  const { root, federation } = page;
  const status = createRemoteStatus();
  const getManifest = createManifests();
  const loader = createRemoteLoader({ build, options, status, getManifest, federation });
  const routes = createRoutes({ registryReady: loader.registryReady, getManifest });
  return { ...loader, status, routes, firstPage: createFirstPage(root) };
}
