import { resolve } from 'node:path';
import { rspack, type Compiler } from '@rspack/core';
import { modulesByResource, onDemandFiles } from './bundler-internals/chunk-graph.ts';
import { FEDERATION_MANIFEST, FEDERATION_STATS, rewriteFederationFile } from './bundler-internals/federation-files.ts';
import { isSharedFallbackBuild } from './bundler-internals/which-build.ts';
import { sharedModulesOf } from './consumed-shares.ts';

const PLUGIN = 'ExposeAssetsPlugin';
const MANIFEST_FILES = [FEDERATION_MANIFEST, FEDERATION_STATS] as const;

const byType = (files: Iterable<string>, extension: string) => [...files].filter((file) => file.endsWith(extension));

/**
 * Completes what mf-manifest.json and mf-stats.json say each exposed page needs, for the shell to
 * start it all at once when it loads the page (shell/src/features/remotes/remote-check.ts):
 *
 * - `requires`: the shared modules the page imports (the federation plugin leaves the list empty).
 * - `assets.*.async`: the chunks the page's own chunks import on demand, without the shared
 *   modules' own files. The federation manifest plugin (2.9.2) also lists every file of every named
 *   chunk group that shares a chunk with those, and a consumed shared module's (empty) chunk is
 *   shared by every expose's group: each page then listed the other pages' code, which the shell
 *   fetched before the page it was loading (the ListingPage's 7 KiB on the home page).
 */
export class ExposeAssetsPlugin {
  /** @param exposes  each exposed module ("./HomePage") and its file, relative to the app. */
  constructor(private readonly exposes: Record<string, string>) {}

  apply(compiler: Compiler) {
    if (isSharedFallbackBuild(compiler)) return;
    const files = new Map(
      Object.entries(this.exposes).map(([expose, file]) => [expose, resolve(compiler.context, file)]),
    );
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const moduleOfFile = modulesByResource(compilation);
          for (const name of MANIFEST_FILES) {
            rewriteFederationFile(compilation, name, (manifest) => {
              const sharedFiles = new Set(
                manifest.shared.flatMap(({ assets }) => [
                  ...assets.js.sync,
                  ...assets.js.async,
                  ...assets.css.sync,
                  ...assets.css.async,
                ]),
              );
              for (const expose of manifest.exposes) {
                const root = moduleOfFile.get(files.get(expose.path) ?? '');
                if (!root) {
                  compilation.errors.push(
                    new rspack.WebpackError(`${PLUGIN}: no module for the exposed ${expose.path} in ${name}`),
                  );
                  continue;
                }
                expose.requires = sharedModulesOf(compilation, root);
                const { js, css } = expose.assets;
                const own = new Set([...js.sync, ...css.sync]);
                // From the page's own chunk groups down: a chunk the page shares with another page
                // (a common split) belongs to both pages' groups, and would reach the other's code.
                const onDemand = [...onDemandFiles(compilation, root)].filter(
                  (file) => !own.has(file) && !sharedFiles.has(file),
                );
                js.async = byType(onDemand, '.js');
                css.async = byType(onDemand, '.css');
              }
            });
          }
        },
      );
    });
  }
}
