import { createStore } from 'zustand/vanilla';
import type { RemoteName } from '@devhub/shared/remote-contract';

// Plain module (no React, no shared singletons): the federation runtime plugin writes here
// before the share scope exists, and the remotes panel reads it.

export type RemoteLoadState = 'not-loaded' | 'loading' | 'loaded' | 'failed';

export interface ManifestInfo {
  version?: string;
  buildHash?: string;
  /** Singletons the remote was built with. */
  shared: Array<{ name: string; version: string; requiredVersion?: string | false }>;
  /** The shared modules each exposed module needs, by expose path ("./HomePage"). */
  requires: Record<string, string[]>;
}

export interface RemoteStatus {
  state: RemoteLoadState;
  entry?: string;
  /** The per-browser override in force, if any. */
  override?: string;
  error?: string;
  startedAt?: number;
  loadMs?: number;
  manifest?: ManifestInfo;
  /** Incompatible singletons: the remote may misbehave against the shell's versions. */
  warnings: string[];
}

export interface RemoteStatusState {
  remotes: Partial<Record<RemoteName, RemoteStatus>>;
}

export const remoteStatusStore = createStore<RemoteStatusState>()(() => ({ remotes: {} }));

const EMPTY: RemoteStatus = { state: 'not-loaded', warnings: [] };

export function statusOf(name: RemoteName): RemoteStatus {
  return remoteStatusStore.getState().remotes[name] ?? EMPTY;
}

export function updateStatus(name: RemoteName, change: Partial<RemoteStatus>): void {
  remoteStatusStore.setState((state) => ({
    remotes: { ...state.remotes, [name]: { ...EMPTY, ...state.remotes[name], ...change } },
  }));
}
