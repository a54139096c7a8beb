import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { App } from './app.ts';
import { INLINE_SCRIPT_PLUGIN } from './inline-script-plugin.ts';
import {
  federationExperiments,
  sharedFallbackExclusions,
  treeShakenShare,
} from './bundler-internals/federation-options.ts';
import type { Singleton } from './shared-singletons.ts';

/** A remote exposes the pages its route table (`src/app/routes.ts`) lists, each from the file the table names. */
export function exposesFor(app: App): Record<string, string> {
  if (!app.routes) {
    throw new Error(
      `${app.packageName}: a remote's rspack.config.ts must hand its route table (src/app/routes.ts) to the build`,
    );
  }
  return Object.fromEntries(app.routes.map((page) => [`./${page.expose}`, page.file]));
}

export function federationPlugin(app: App, singletons: Singleton[], isProduction: boolean) {
  return new ModuleFederationPlugin({
    name: app.name,
    ...(app.kind === 'remote'
      ? { filename: 'remoteEntry.js', exposes: exposesFor(app), manifest: true }
      : { remotes: {}, manifest: false }),
    shared: Object.fromEntries(
      singletons.map(({ request, version, requiredVersion, shippedExports, eager }) => [
        request,
        {
          singleton: true,
          version,
          requiredVersion,
          ...(eager ? { eager } : {}),
          ...(shippedExports ? treeShakenShare(shippedExports) : {}),
        },
      ]),
    ),
    // Fetch a remote only when a route needs it: one remote down must not block startup.
    shareStrategy: 'loaded-first',
    // A page's props are typed by its remote's route table and component; the shell renders what the registry lists.
    dts: false,
    // The federation runtime ships once, in the shell; remote entries use it instead of their own copy.
    // (In development a remote keeps its own runtime, so it also runs alone in its standalone frame.)
    // The shell reads and checks each remote's manifest itself and registers the entry it names
    // (shell/src/features/remotes/remote-check.ts): its runtime needs no manifest or snapshot code.
    // (A remote loads no other remote: its entry needs no remote-loading or manifest code either.)
    experiments: federationExperiments(app.kind, isProduction),
    // Its shared fallbacks are built with the app's plugins: a page's inline script has no place there.
    ...sharedFallbackExclusions([INLINE_SCRIPT_PLUGIN]),
  });
}
