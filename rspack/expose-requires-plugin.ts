import { rspack, type Compiler } from '@rspack/core';

const CONSUMED_SHARE = /^consume shared module \([^)]*\) (.+?)@[^@\s]* /;

/**
 * Fills each expose's `requires` in mf-manifest.json (a field of the manifest format that Rspack
 * leaves empty) with the shared modules the exposed module needs, so the shell can start loading
 * them together with the page instead of after it.
 */
export class ExposeRequiresPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ExposeRequiresPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ExposeRequiresPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString()) as {
            exposes?: Array<{ name: string; requires?: string[] }>;
          };
          for (const expose of manifest.exposes ?? []) {
            const group = compilation.namedChunkGroups.get(`__federation_expose_${expose.name}`);
            const requires = new Set<string>();
            for (const chunk of group?.chunks ?? []) {
              for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
                const share = CONSUMED_SHARE.exec(module.identifier())?.[1];
                if (share) requires.add(share);
              }
            }
            expose.requires = [...requires].sort();
          }
          compilation.updateAsset('mf-manifest.json', new rspack.sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}
