import { getInstance, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import routeModules from '../route-modules.json';
import { OVERRIDE_PARAM, readStoredOverrides } from './overrides';

// Runs in the entry chunk, before the share scope exists: no React, no shared singletons.

let registryRequest: Promise<Response> | undefined;

/**
 * One request for the registry (the page's <link rel="preload"> already started it), and a
 * fresh copy of its response for each reader: the warm-up and the bootstrap.
 */
export const readRegistryResponse = ((url: string) => {
  registryRequest ??= fetch(url);
  return registryRequest.then((response) => response.clone());
}) as typeof fetch;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Starts loading the current route's remote (manifest, entry, exposed chunks) while the
 * shell's own chunks are still arriving, instead of after the shell has rendered. Skipped when
 * a per-browser override is pending: the bootstrap applies overrides first.
 */
export function warmUpCurrentRoute(): void {
  const module = (routeModules as Record<string, string | undefined>)[window.location.pathname];
  if (!module) return;
  if (window.location.search.includes(OVERRIDE_PARAM) || readStoredOverrides().length > 0) return;
  const [remote, expose] = module.split('/') as [string, string];
  readRegistryResponse('/remotes.json')
    .then((response) => (response.ok ? response.json() : null))
    .then((raw: unknown) => {
      const remotes = isRecord(raw) && isRecord(raw.remotes) ? raw.remotes : null;
      const pin = remotes && isRecord(remotes[remote]) ? remotes[remote] : null;
      if (!pin || typeof pin.entry !== 'string') return undefined;
      registerRemotes([{ name: remote, entry: new URL(pin.entry, window.location.href).href }]);
      return preloadRemote([{ nameOrAlias: remote, exposes: [`./${expose}`], resourceCategory: 'all' }]);
    })
    // Only a head start: the real load reports its own errors.
    .catch(() => undefined);
}

/** Whether the runtime already knows `name` at `entry` (registered by the warm-up). */
export function isRegistered(name: string, entry: string): boolean {
  return Boolean(
    getInstance()?.options.remotes.some(
      (remote) => remote.name === name && 'entry' in remote && remote.entry === entry,
    ),
  );
}
