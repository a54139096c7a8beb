import { isAbsolute } from 'node:path';
import { rspack, type Compiler, type RuleSetRule } from '@rspack/core';
import { FEDERATION_RUNTIME_CJS, checkFederationRuntimeSwapped, esmTwinOf } from './bundler-internals/runtime-twins.ts';
import { isSharedFallbackBuild } from './bundler-internals/which-build.ts';

/**
 * Rspack's federation plugin resolves the MF runtime packages with `require`, i.e. their CommonJS
 * builds, which cannot be tree-shaken: every shell and remote entry then carried all of the SDK
 * (Node loaders, manifest generation, option normalising). Their ES module builds sit beside
 * them, so every federation runtime file is swapped for its ES module twin. A rule types the
 * swapped files as ES modules, whatever their name says.
 */
export const esmFederationRuntimeRule: RuleSetRule = { test: FEDERATION_RUNTIME_CJS, type: 'javascript/auto' };

/** The plugin's name, by which a build without federation (the bench's one bundle) leaves it out. */
export const ESM_FEDERATION_RUNTIME_PLUGIN = 'EsmFederationRuntime';
const PLUGIN = ESM_FEDERATION_RUNTIME_PLUGIN;

export function esmFederationRuntime() {
  const replace = new rspack.NormalModuleReplacementPlugin(FEDERATION_RUNTIME_CJS, (data) => {
    // Absolute requests (the runtime entry) are swapped before resolving, aliased ones after.
    if (data.createData?.resource) data.createData.resource = esmTwinOf(data.createData.resource);
    else if (isAbsolute(data.request)) data.request = esmTwinOf(data.request);
  });
  return {
    name: PLUGIN,
    apply(compiler: Compiler) {
      replace.apply(compiler);
      if (isSharedFallbackBuild(compiler)) return;
      // A swap that no longer finds the runtime's files would leave the builds as large as before, silently.
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        compilation.hooks.finishModules.tap(PLUGIN, (modules) => checkFederationRuntimeSwapped(modules));
      });
    },
  };
}
