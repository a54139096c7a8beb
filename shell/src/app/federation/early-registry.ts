import { getInstance } from '@module-federation/enhanced/runtime';

declare global {
  interface Window {
    /** The registry request index.html's inline warm-up started before any bundle ran. */
    __devhubRegistry?: Promise<Response>;
  }
}

let registryRequest: Promise<Response> | undefined;

/** A fresh copy of the one registry response, for each reader (the warm-up and the bootstrap). */
export const readRegistryResponse = ((url: string) => {
  registryRequest ??= window.__devhubRegistry ?? fetch(url);
  return registryRequest.then((response) => response.clone());
}) as typeof fetch;

/** Whether the runtime already knows `name` at `entry`. */
export function isRegistered(name: string, entry: string): boolean {
  return Boolean(
    getInstance()?.options.remotes.some(
      (remote) => remote.name === name && 'entry' in remote && remote.entry === entry,
    ),
  );
}
