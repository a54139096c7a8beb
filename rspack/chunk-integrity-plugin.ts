import { rspack, type Compiler } from '@rspack/core';
import { isSharedFallbackBuild } from './bundler-internals.ts';

/**
 * Puts the sha384 of each chunk and stylesheet a remote's runtime loads into that runtime
 * (rspack's SubresourceIntegrityPlugin, with `output.crossOriginLoading`), so an entry the shell
 * verified against its pin loads only the files published with it. Not in a shared fallback
 * build, which federation compiles with the app's plugins but not its output options.
 */
export class ChunkIntegrityPlugin {
  apply(compiler: Compiler): void {
    if (isSharedFallbackBuild(compiler)) return;
    // `lazy`: each chunk carries the digests of the chunks it loads, so the entry only those of the
    // pages it exposes (the entry's byte budget, e2e/tests/budgets.spec.ts).
    new rspack.SubresourceIntegrityPlugin({
      hashFuncNames: ['sha384'],
      htmlPlugin: false,
      enabled: true,
      hashLoading: 'lazy',
    }).apply(compiler);
  }
}
