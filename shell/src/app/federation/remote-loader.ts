import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleId, RemoteModules, RemoteName } from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';
import type { Overrides } from './overrides';
import type { RemoteRegistry } from './remote-registry';
import { updateStatus } from './remote-status';

type RegistryState =
  { status: 'pending' } | { status: 'ready'; registry: RemoteRegistry } | { status: 'failed'; message: string };

let registryState: RegistryState = { status: 'pending' };

function remoteInfo(registry: RemoteRegistry, name: RemoteName) {
  // The runtime needs absolute URLs; relative entries are resolved against the shell's page.
  return { name, entry: new URL(registry.remotes[name].entry, window.location.href).href };
}

/**
 * Registers every remote of the registry with the federation runtime; nothing is fetched yet.
 * Overrides are applied at request time by the runtime plugin, which reads them from the status.
 */
export function activateRegistry(registry: RemoteRegistry, overrides: Overrides = {}): void {
  registryState = { status: 'ready', registry };
  const remotes = (Object.keys(registry.remotes) as RemoteName[]).map((name) => remoteInfo(registry, name));
  for (const { name, entry } of remotes) updateStatus(name, { entry, override: overrides[name] });
  registerRemotes(remotes);
}

export function failRegistry(message: string): void {
  registryState = { status: 'failed', message };
}

export function currentRegistry(): RemoteRegistry | null {
  return registryState.status === 'ready' ? registryState.registry : null;
}

// The current route's module is requested at startup and again by its page: one request serves both.
const inFlight = new Map<RemoteModuleId, Promise<unknown>>();

function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/**
 * Loads an exposed module. `fresh` drops what the runtime cached for the remote (a failed
 * manifest or entry script included), so a retry really goes back to the network.
 */
export async function loadRemoteModule<K extends RemoteModuleId>(
  id: K,
  { fresh = false } = {},
): Promise<RemoteModules[K]> {
  if (registryState.status === 'failed') throw new Error(SHELL_TEXT.remote.registryFailed(registryState.message));
  if (registryState.status === 'pending') throw new Error('Registry not loaded before the first remote request');
  const name = remoteOf(id);
  if (fresh) {
    inFlight.delete(id);
    registerRemotes([remoteInfo(registryState.registry, name)], { force: true });
  }
  let request = inFlight.get(id) as Promise<RemoteModules[K]> | undefined;
  if (!request) {
    request = loadRemote<RemoteModules[K]>(id).then((module) => {
      if (!module) throw new Error(`${id}: the federation runtime returned no module`);
      return module;
    });
    inFlight.set(id, request);
    // A failure is not kept: the next request (a retry) asks the runtime again.
    request.catch(() => inFlight.delete(id));
  }
  return request;
}
