import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { exposeFileOf, exposesOf, isRemoteName } from '@devhub/shared/remote-contract';
import type { App } from './app.ts';
import { federationExperiments, treeShakenShare } from './bundler-internals.ts';
import type { Singleton } from './shared-singletons.ts';

/** A remote exposes the pages the table gives it, each from `src/app/exposes/<kebab-name>.tsx`. */
export function exposesFor(app: App): Record<string, string> {
  if (!isRemoteName(app.name)) {
    throw new Error(
      `${app.packageName}: "${app.name}" is not a remote of the page table (shared/src/remote-contract.ts)`,
    );
  }
  return Object.fromEntries(
    exposesOf(app.name).map((expose) => [expose, `./src/app/exposes/${exposeFileOf(expose.slice(2))}.tsx`]),
  );
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
    // Types of exposed modules come from the page table in @devhub/shared (see README).
    dts: false,
    // The federation runtime ships once, in the shell; remote entries use it instead of their own copy.
    // (In development a remote keeps its own runtime, so it also runs alone in its standalone frame.)
    // The shell reads and checks each remote's manifest itself and registers the entry it names
    // (shell/src/features/remotes/remote-loader.ts): its runtime needs no manifest or snapshot code.
    // (A remote loads no other remote: its entry needs no remote-loading or manifest code either.)
    experiments: federationExperiments(app.kind, isProduction),
  });
}
