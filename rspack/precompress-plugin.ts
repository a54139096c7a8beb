import { join } from 'node:path';
import type { Compiler } from '@rspack/core';
import { PRECOMPRESSED_EXTENSIONS, writePrecompressed } from './precompress.mjs';

const PLUGIN = 'PrecompressPlugin';

/**
 * Writes a brotli and a gzip copy beside each text file of a production build, at the highest
 * levels: the static server sends them as they are, so compressing never costs a request time.
 * Runs after every other plugin wrote its files (the files on disk are the ones compressed).
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise({ name: PLUGIN, stage: 100 }, async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      const names = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => PRECOMPRESSED_EXTENSIONS.test(name));
      await Promise.all(names.map((name) => writePrecompressed(join(outputPath, name))));
    });
  }
}
