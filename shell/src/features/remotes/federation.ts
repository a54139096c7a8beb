import { getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';

/** The federation runtime a remote host registers its plugins and remotes with, and loads pages through. */
export type Federation = Pick<ModuleFederation, 'registerPlugins' | 'registerRemotes' | 'loadRemote'>;

/**
 * The runtime the shell's build started (its instance in the page): what the browser's host uses.
 * Asked for only once a page loads, so a server render, which adopts its pages, never needs one.
 */
export function buildFederation(): Federation {
  const instance = getInstance();
  if (!instance) throw new Error('[shell] no federation runtime');
  return instance;
}
