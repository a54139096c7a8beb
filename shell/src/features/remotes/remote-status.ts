import { createStore } from 'zustand/vanilla';
import type { Rendering } from '../prerender/ready-attribute';
import type { Overrides } from './overrides';

// What the remotes panel and the override badge show, written by the loader as it works.

export type RemoteLoadState = 'not-loaded' | 'loading' | 'loaded' | 'failed';

export interface RemoteStatus {
  state: RemoteLoadState;
  /** The manifest URL the registry pins. */
  entry?: string;
  /** The per-browser override in force (the manifest URL actually used), if any. */
  override?: string;
  /** Version and build of the remote, from its manifest once it was read. */
  version?: string;
  buildHash?: string;
  error?: string;
  loadMs?: number;
  /** Why this remote build may not run in this shell build (the shell then does not run it). */
  problems: string[];
  /**
   * Whether its bytes were checked: `verified` (the manifest matched the registry's digest, its
   * files load with theirs), `unverified` (a dev server's entry or an override: nothing pinned to
   * check against), `failed` (a file did not match: nothing of it ran).
   */
  integrity?: 'verified' | 'unverified' | 'failed';
  /** The file that did not match, with the digest pinned for it and the one it has. */
  mismatch?: { file: string; expected: string; actual?: string | undefined };
  /** The version the registry pins (the manifest's own, `version`, once read, is the one that ran). */
  pinnedVersion?: string;
  /** Which of the remote's pins this browser runs: the stable one, or a candidate (candidate-choice.ts). */
  role?: 'stable' | 'candidate';
  /** What its page threw as it rendered, caught by the page's boundary (the code had loaded). */
  pageError?: string;
}

export type RegistryState =
  { state: 'loading' } | { state: 'ready'; environment: string } | { state: 'failed'; error: string };

/** How this page load's first page came on screen: hydrated from prerendered HTML, or rendered here and why. */
export interface FirstPage {
  route: string;
  rendering: Rendering;
  /** Why a page was rendered here (in Vietnamese); none when it was never prerendered. */
  reason?: string;
}

export interface RemotesState {
  registry: RegistryState;
  remotes: Partial<Record<string, RemoteStatus>>;
  firstPage?: FirstPage;
  /** Overrides a link proposed, not applied until the visitor confirms them in the remotes panel. */
  proposals: Overrides;
}

const EMPTY: RemoteStatus = { state: 'not-loaded', problems: [] };

/** The remote host's status: what the remotes panel and the override badge show, one per host. */
export function createRemoteStatus() {
  const store = createStore<RemotesState>()(() => ({ registry: { state: 'loading' }, remotes: {}, proposals: {} }));
  return {
    store,
    statusOf(name: string): RemoteStatus {
      return store.getState().remotes[name] ?? EMPTY;
    },
    updateStatus(name: string, change: Partial<RemoteStatus>): void {
      store.setState((state) => ({
        remotes: { ...state.remotes, [name]: { ...EMPTY, ...state.remotes[name], ...change } },
      }));
    },
    setRegistryState(registry: RegistryState): void {
      store.setState({ registry });
    },
    setFirstPage(firstPage: FirstPage): void {
      store.setState({ firstPage });
    },
    setProposals(proposals: Overrides): void {
      store.setState({ proposals });
    },
  };
}

export type RemoteStatusStore = ReturnType<typeof createRemoteStatus>;
