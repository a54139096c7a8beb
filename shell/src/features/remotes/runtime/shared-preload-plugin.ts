import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { fetchedManifest } from '../manifests';

// Loaded by the federation runtime before the share scope exists: plain modules and types only.

interface ManifestExposes {
  exposes?: Array<{ path?: string; requires?: unknown }>;
}

/**
 * Starts the shared modules an exposed module needs (its manifest's `requires`, written by the
 * build's ExposeRequiresPlugin) beside the module's own chunks, rather than once its code has
 * arrived and asked for them. Only those the shell provides: the others come with the remote.
 */
export default function sharedPreloadPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'devhub-shared-preload',
    afterResolve(args) {
      const provided = args.origin.options.shared ?? {};
      const entry = 'entry' in args.remote ? args.remote.entry : '';
      void fetchedManifest(entry)?.then(({ json }) => {
        const expose = (json as ManifestExposes | null)?.exposes?.find((candidate) => candidate.path === args.expose);
        const requires = Array.isArray(expose?.requires) ? (expose.requires as unknown[]) : [];
        for (const share of requires) {
          if (typeof share === 'string' && Object.hasOwn(provided, share)) {
            args.origin.loadShare(share).catch(() => undefined);
          }
        }
      });
      return args;
    },
  };
}
