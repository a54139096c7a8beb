import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fetchedManifest } from '../manifests';

// Loaded by the federation runtime before the share scope exists: plain modules and types only.

/**
 * The shell reads a remote's manifest before the runtime does (to check the remote, see
 * remote-loader.ts): the runtime gets that same response instead of asking the network again.
 */
export default function manifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'devhub-manifest',
    fetch(url) {
      return fetchedManifest(url)?.then(
        ({ text }) => new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    },
  };
}
