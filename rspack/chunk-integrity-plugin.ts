import { rspack, type Compiler } from '@rspack/core';
import { isSharedFallbackBuild } from './bundler-internals/which-build.ts';

const PLUGIN = 'ChunkIntegrityPlugin';

/**
 * Asks the federation runtime's `createScript` or `createLink` hook, on every federation instance of
 * the page, for the element its host would create for `url`, and gives the chunk's element the
 * `integrity` one of them answers with. The host's loader answers with the file's digest when it
 * verified the remote's manifest (shell/src/features/remotes/integrity.ts); nothing answers for a
 * remote it runs unverified, nor on a page without the shell (the remote alone): the file then
 * loads without one. Every instance, not only the remote's own: on a hydrated page the remote's
 * runtime may run under an instance of its own, without the host's plugins.
 */
const integrityFromHost = (element: string, hook: 'createScript' | 'createLink', url: string) => `
var federationInstances = (typeof __FEDERATION__ !== 'undefined' && __FEDERATION__.__INSTANCES__) || [];
for (var instanceIndex = 0; instanceIndex < federationInstances.length && !${element}.integrity; instanceIndex++) {
  var hostElement = federationInstances[instanceIndex].loaderHook.lifecycle.${hook}.emit({ url: ${url}, attrs: {} });
  hostElement = hostElement && (hostElement.script || hostElement);
  if (hostElement && hostElement.integrity) ${element}.integrity = hostElement.integrity;
}`;

/**
 * Loads a remote's chunks and stylesheets CORS-mode (as the shell hints them) with the `integrity`
 * the host's loader gives each: the digest its verified manifest lists (every file of a published
 * version has one, recorded at deploy), none for a remote the host runs unverified (a dev server,
 * an override, a pin written by hand). So one rule, the loader's, decides what loads with a digest,
 * and the digests live in the manifest the pin verifies instead of in every entry (its byte budget,
 * e2e/tests/budgets.spec.ts). Not in a shared fallback build, which federation compiles with the
 * app's plugins but not its output options.
 */
export class ChunkIntegrityPlugin {
  apply(compiler: Compiler): void {
    if (isSharedFallbackBuild(compiler)) return;
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      const hooks = rspack.RuntimePlugin.getCompilationHooks(compilation);
      hooks.createScript.tap(
        PLUGIN,
        (code) =>
          `${code}\nscript.crossOrigin = 'anonymous';${integrityFromHost('script', 'createScript', 'script.src')}`,
      );
      hooks.createLink.tap(
        PLUGIN,
        (code) => `${code}\nlink.crossOrigin = 'anonymous';${integrityFromHost('link', 'createLink', 'link.href')}`,
      );
    });
  }
}
