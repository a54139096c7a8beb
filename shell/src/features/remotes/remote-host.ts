import { createManifests } from './manifests';
import { createRoutes } from './routes-store';
import { createRemoteLoader } from './remote-loader';
import type { RemoteLoader, StartOptions } from './remote-loader-types';
import { createRemoteStatus, type RemoteStatusStore } from './remote-status';
import type { ShellBuild } from './shell-record';

/**
 * Everything the shell knows about its remotes, in one object: the registry it read, the manifests
 * it checked against this shell build, the files it trusts, the pages it loaded, the routes they
 * make and the status the remotes panel shows. The browser's shell creates one as it starts
 * (bootstrap.tsx), with the shell build index.html describes, and hands it to React through
 * context (useRemoteHost); the server renderer creates one per render, with its own; a test
 * creates its own.
 */
export interface RemoteHost extends RemoteLoader {
  status: RemoteStatusStore;
  routes: ReturnType<typeof createRoutes>;
}

/**
 * What index.html's warm-up started, taken over once: the global is cleared, so only the first
 * caller (bootstrap.tsx, which hands it to its remote host) finds it.
 */
export function takeBoot(): DevhubBoot | undefined {
  if (typeof window === 'undefined') return undefined;
  const boot = window.__devhubBoot;
  window.__devhubBoot = undefined;
  return boot;
}

/** A remote host for `build`; `boot` is what the page's warm-up started, if the host takes it over. */
export function createRemoteHost(build: ShellBuild, options: StartOptions = {}, boot?: DevhubBoot): RemoteHost {
  const status = createRemoteStatus();
  const getManifest = createManifests(boot);
  const loader = createRemoteLoader({ build, options, status, getManifest, boot });
  const routes = createRoutes({ registryReady: (fresh) => loader.registryReady(fresh), getManifest });
  return { ...loader, status, routes };
}
