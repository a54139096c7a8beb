import type { Compiler, RspackPluginInstance } from '@rspack/core';
import { BundlerInternalsError } from './versions.ts';

// Which build a plugin runs in.

/**
 * Module Federation's shared tree shaking builds each tree-shaken share (react-router) in a
 * compiler of its own, made with the app's plugins: the app's plugins then run in a build with no
 * manifest, no exposes and no index.html, where they have nothing to do.
 */
export function isSharedFallbackBuild(compiler: Compiler): boolean {
  const plugins = (compiler.options.plugins ?? []).filter(
    (plugin): plugin is RspackPluginInstance => typeof plugin === 'object' && plugin !== null,
  );
  const named = (name: string) =>
    plugins.some((plugin) => (plugin as { name?: unknown }).name === name || plugin.constructor?.name === name);
  if (named('SharedContainerPlugin')) return true;
  if (named('ModuleFederationPlugin')) return false;
  throw new BundlerInternalsError(
    'federation plugins of a compiler',
    `${compiler.options.name ?? 'a compiler'} has neither ModuleFederationPlugin (an app's build) nor SharedContainerPlugin (a shared fallback build)`,
  );
}
