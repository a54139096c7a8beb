import type { ComponentType } from 'react';
import type { PageProps, RemoteModuleId } from '@devhub/shared/remote-contract';
import type { Federation } from './federation';
import type { GetManifest } from './manifests';
import type { RefusedOverride } from './overrides';
import type { Registry } from './registry';
import type { RemoteStatusStore } from './remote-status';
import type { ShellBuild } from './shell-record';

// What a remote host's loader is (remote-loader.ts) and what its check takes (remote-check.ts).

/** A page's component: its props are those its remote's route table gives the path (JSON). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- K keeps the loader's call sites typed by page
export type PageComponent<K extends RemoteModuleId = RemoteModuleId> = ComponentType<PageProps>;

export interface StartOptions {
  /** Overrides from the URL or storage the registry (allow-list, environment) does not allow: the shell tells the visitor. */
  onRefusedOverrides?: (refused: RefusedOverride[]) => void;
  /** How long to wait for remotes.json (and for each manifest) before explaining that it did not come. */
  timeoutMs?: number;
  /** This browser's canary bucket (visitor-bucket.ts): none, and every remote runs its stable version. */
  visitorBucket?: number | undefined;
}

/** What the check works with: the host's shell build, options, status and manifests. */
export interface LoaderContext {
  build: ShellBuild;
  options: StartOptions;
  status: RemoteStatusStore;
  getManifest: GetManifest;
  /** The federation runtime pages load through: the shell build's by default (federation.ts). */
  federation?: (() => Federation) | undefined;
}

/** What a remote host does with remote pages (remote-host.ts). */
export interface RemoteLoader {
  /** Reads the registry and registers the remotes; pages wait for it, the chrome never does. */
  startRemotes(): void;
  /**
   * What the registry pins each remote to (its entries as written), for a page rendered ahead of
   * time to check it was rendered from the same; none if the registry could not be read or an
   * override replaces a pin in this browser.
   */
  pinnedEntries(): Promise<Partial<Record<string, string>> | undefined>;
  /** The registry the routes are built from (registry-routes.ts), read again if it failed and this is a retry. */
  registryReady(fresh: boolean): Promise<Registry>;
  /**
   * A remote page's component, loaded once. `fresh` (a retry) reads the registry again if it had
   * failed, and the remote's manifest and entry again; a failure is never kept.
   */
  loadPage<K extends RemoteModuleId>(id: K, options?: { fresh?: boolean }): Promise<PageComponent<K>>;
  /** The page's component if it has already loaded: a page visited again shows at once. */
  loadedPage<K extends RemoteModuleId>(id: K): PageComponent<K> | undefined;
  /**
   * Puts a page loaded some other way in the cache: the server renderer loads pages from the
   * remotes' server builds, then renders them as the browser would.
   */
  adoptPage<K extends RemoteModuleId>(id: K, component: PageComponent<K>): void;
  /** Reads a remote's manifest and checks it, without loading it: what the remotes panel shows of every remote. */
  inspectRemote(remote: string): Promise<void>;
  /**
   * Gets a page ready without running it (a link hovered, the browser idle): its files downloaded and
   * the shared modules it imports started. Only once the registry is in, and only for a remote that
   * fits this shell.
   */
  preloadPage(id: RemoteModuleId): Promise<void>;
}
