import { resolve } from 'node:path';
import { rspack, type ChunkGroup, type Compiler, type Module } from '@rspack/core';
import { sharedModulesOf } from './consumed-shares.ts';

const PLUGIN = 'ExposeAssetsPlugin';
const MANIFEST_FILES = ['mf-manifest.json', 'mf-stats.json'];

interface AssetLists {
  sync: string[];
  async: string[];
}

interface ManifestLike {
  exposes?: Array<{ path: string; requires?: string[]; assets?: { js?: AssetLists; css?: AssetLists } }>;
  shared?: Array<{ assets?: { js?: AssetLists; css?: AssetLists } }>;
}

const byType = (files: Iterable<string>, extension: string) => [...files].filter((file) => file.endsWith(extension));

/**
 * Completes what mf-manifest.json and mf-stats.json say each exposed page needs, for the shell to
 * start it all at once when it loads the page (shell/src/features/remotes/remote-loader.ts):
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
    const files = new Map(
      Object.entries(this.exposes).map(([expose, file]) => [expose, resolve(compiler.context, file)]),
    );
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const moduleOfFile = new Map<string, Module>();
          for (const module of compilation.modules) {
            const resource = (module as { resource?: string }).resource;
            if (resource) moduleOfFile.set(resource, module);
          }

          for (const name of MANIFEST_FILES) {
            const asset = compilation.getAsset(name);
            if (!asset) continue;
            const manifest = JSON.parse(asset.source.source().toString()) as ManifestLike;
            const sharedFiles = new Set(
              (manifest.shared ?? []).flatMap(({ assets }) => [
                ...(assets?.js?.sync ?? []),
                ...(assets?.js?.async ?? []),
                ...(assets?.css?.sync ?? []),
                ...(assets?.css?.async ?? []),
              ]),
            );
            for (const expose of manifest.exposes ?? []) {
              const root = moduleOfFile.get(files.get(expose.path) ?? '');
              if (!root) {
                compilation.errors.push(
                  new rspack.WebpackError(`${PLUGIN}: no module for the exposed ${expose.path} in ${name}`),
                );
                continue;
              }
              expose.requires = sharedModulesOf(compilation, root);
              const { js, css } = expose.assets ?? {};
              if (!js || !css) continue;
              const own = new Set([...js.sync, ...css.sync]);
              // From the page's own chunk groups down: a chunk the page shares with another page
              // (a common split) belongs to both pages' groups, and would reach the other's code.
              const onDemand = new Set<string>();
              const seen = new Set<ChunkGroup>();
              const visit = (group: ChunkGroup) => {
                if (seen.has(group)) return;
                seen.add(group);
                for (const child of group.childrenIterable) {
                  for (const candidate of child.getFiles()) {
                    if (!own.has(candidate) && !sharedFiles.has(candidate)) onDemand.add(candidate);
                  }
                  visit(child);
                }
              };
              for (const chunk of compilation.chunkGraph.getModuleChunks(root)) {
                for (const group of chunk.groupsIterable) visit(group);
              }
              js.async = byType(onDemand, '.js');
              css.async = byType(onDemand, '.css');
            }
            compilation.updateAsset(name, new rspack.sources.RawSource(JSON.stringify(manifest, null, 2)));
          }
        },
      );
    });
  }
}
