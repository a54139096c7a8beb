import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@devhub/shared/remote-contract';
// JSON is not a shared singleton, so importing it here is safe before the share scope exists.
import remoteModules from '@devhub/shared/remote-modules.json';
import { remoteStatusStore, statusOf, updateStatus, type ManifestInfo } from './remote-status';
import { singletonWarnings, type HostShared } from './singleton-check';

// Loaded by the federation runtime before the share scope exists: it must not import React
// or any shared singleton (only plain modules and types).

function isRemoteName(name: string): name is RemoteName {
  return Object.hasOwn(remoteModules, name);
}

function remoteOf(id: string): RemoteName | null {
  const name = id.split('/')[0] ?? '';
  return isRemoteName(name) ? name : null;
}

interface RemoteOption {
  name: string;
  entry?: string;
}

/** Points overridden remotes at their override entry, in the options the runtime is about to use. */
function applyOverrides(remotes: RemoteOption[]): void {
  for (const remote of remotes) {
    if (!isRemoteName(remote.name)) continue;
    const override = statusOf(remote.name).override;
    if (override && remote.entry !== override) remote.entry = override;
  }
}

function hostSharedVersions(origin: {
  options: { shared?: Record<string, Array<{ version?: string; shareConfig?: { requiredVersion?: string | false } }>> };
}) {
  const host = new Map<string, HostShared>();
  for (const [name, list] of Object.entries(origin.options.shared ?? {})) {
    const first = list[0];
    if (first?.version) host.set(name, { version: first.version, requiredVersion: first.shareConfig?.requiredVersion });
  }
  return host;
}

function readManifest(body: unknown): ManifestInfo | null {
  if (body === null || typeof body !== 'object') return null;
  const manifest = body as {
    metaData?: { buildInfo?: { buildVersion?: string; buildHash?: string } };
    shared?: ManifestInfo['shared'];
    exposes?: Array<{ path?: string; requires?: string[] }>;
  };
  const requires: ManifestInfo['requires'] = {};
  for (const expose of Array.isArray(manifest.exposes) ? manifest.exposes : []) {
    if (expose.path && Array.isArray(expose.requires)) requires[expose.path] = expose.requires;
  }
  return {
    version: manifest.metaData?.buildInfo?.buildVersion,
    buildHash: manifest.metaData?.buildInfo?.buildHash,
    shared: Array.isArray(manifest.shared) ? manifest.shared : [],
    requires,
  };
}

function remoteForManifestUrl(url: string): RemoteName | null {
  for (const [name, status] of Object.entries(remoteStatusStore.getState().remotes)) {
    if (status && (status.override ?? status.entry) === url) return name as RemoteName;
  }
  return null;
}

declare global {
  interface Window {
    /** The current route's manifest, which index.html's inline warm-up requested before any bundle ran. */
    __devhubManifest?: { url: string; response: Promise<Response> };
  }
}

/** The warm-up's manifest response when it is this one, once (a retry must go to the network). */
function warmManifest(url: string): Promise<Response> | undefined {
  const warm = window.__devhubManifest;
  if (!warm || warm.url !== url) return undefined;
  window.__devhubManifest = undefined;
  return warm.response.then((response) => response.clone());
}

/** Fetches a manifest for the runtime, keeping a copy of what the panel and the checks need. */
async function fetchManifest(url: string, init: RequestInit, remoteName?: string): Promise<Response> {
  const response = await (warmManifest(url) ?? fetch(url, init));
  const name = remoteName && isRemoteName(remoteName) ? remoteName : remoteForManifestUrl(url);
  if (name && response.ok) {
    const manifest = readManifest(
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    if (manifest) updateStatus(name, { manifest });
  }
  return response;
}

/** Records what the remotes panel shows (status, timings, manifests) and applies overrides. */
export default function devhubRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'devhub-remote-status',
    beforeRequest(args) {
      applyOverrides(args.options.remotes as RemoteOption[]);
      const name = remoteOf(args.id);
      if (name && statusOf(name).state !== 'loaded') {
        updateStatus(name, { state: 'loading', startedAt: performance.now(), error: undefined });
      }
      return args;
    },
    beforePreloadRemote(args) {
      applyOverrides(args.options.remotes as RemoteOption[]);
    },
    afterLoadRemote(args) {
      const name = remoteOf(args.id);
      if (!name) return;
      const { startedAt } = statusOf(name);
      const loadMs = startedAt === undefined ? undefined : Math.round(performance.now() - startedAt);
      if (args.error && !args.recovered) {
        updateStatus(name, {
          state: 'failed',
          loadMs,
          error: args.error instanceof Error ? args.error.message : String(args.error),
        });
      } else if (statusOf(name).state !== 'loaded') {
        updateStatus(name, { state: 'loaded', loadMs });
      }
    },
    errorLoadRemote(args) {
      const name = remoteOf(args.id);
      if (name)
        updateStatus(name, {
          state: 'failed',
          error: args.error instanceof Error ? args.error.message : String(args.error),
        });
      // Nothing returned: the error reaches the shell's boundary, which shows the fallback.
    },
    fetch(url, init, remoteInfo) {
      if (!url.includes('mf-manifest.json')) return undefined;
      return fetchManifest(url, init, remoteInfo?.name);
    },
    afterResolve(args) {
      const name = remoteOf(args.id);
      const manifest = name ? statusOf(name).manifest : undefined;
      // The shared modules the module needs and the shell provides start now, beside its chunks,
      // rather than once its code has arrived and asked for them (see ExposeRequiresPlugin).
      const provided = args.origin.options.shared ?? {};
      for (const share of manifest?.requires[args.expose] ?? []) {
        if (Object.hasOwn(provided, share)) args.origin.loadShare(share).catch(() => undefined);
      }
      if (name && manifest && statusOf(name).warnings.length === 0) {
        const warnings = singletonWarnings(hostSharedVersions(args.origin), manifest.shared);
        if (warnings.length > 0) {
          console.warn(
            `[shell] remote "${name}" was built against incompatible singletons:\n  ${warnings.join('\n  ')}`,
          );
          updateStatus(name, { warnings });
        }
      }
      return args;
    },
  };
}
