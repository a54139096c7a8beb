import { rspack, type Compiler } from '@rspack/core';
import { sharedModulesOf } from './consumed-shares.ts';

const PLUGIN = 'SharedFilesPlugin';

/** Where the shell's index.html lists the files of the shared modules it provides. */
export const SHARED_FILES_PLACEHOLDER = 'DEVHUB_SHARED_FILES';

/** "provide shared module (default) axios@1.21.1 = /…/axios/index.js" → "axios". */
const PROVIDED_SHARE = /^provide shared module \([^)]*\) (.+?)@\S+ = /;

/**
 * Writes into the shell's index.html, for each shared module the shell provides, the files that
 * load it with the shared modules it imports (none for those in the shell's first chunk). A remote page needs some of them (its
 * manifest's `requires`): the shell fetches them with the page instead of once the page's code
 * asks for them (shell/src/features/remotes/remote-files.js).
 */
export class SharedFilesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          /** Each provided module's own files, and the shared modules it imports in turn. */
          const own = new Map<string, { files: string[]; imports: string[] }>();
          for (const module of compilation.modules) {
            const share = PROVIDED_SHARE.exec(module.identifier())?.[1];
            if (!share) continue;
            const loading = new Set<string>();
            const imports = new Set<string>();
            for (const block of module.blocks) {
              const group = compilation.chunkGraph.getBlockChunkGroup(block);
              for (const file of group?.getFiles() ?? []) if (file.endsWith('.js')) loading.add(`${publicPath}${file}`);
              for (const dependency of block.dependencies) {
                const provided = compilation.moduleGraph.getModule(dependency);
                if (provided) for (const name of sharedModulesOf(compilation, provided)) imports.add(name);
              }
            }
            own.set(share, { files: [...loading], imports: [...imports] });
          }
          // What fetching a module takes: its files and those of every shared module it imports
          // (@devhub/shared/api-client brings axios), so a page's needs are all fetched at once.
          const files: Record<string, string[]> = {};
          for (const share of own.keys()) {
            const closure = new Set<string>();
            const visit = (name: string, seen: Set<string>) => {
              if (seen.has(name)) return;
              seen.add(name);
              for (const file of own.get(name)?.files ?? []) closure.add(file);
              for (const next of own.get(name)?.imports ?? []) visit(next, seen);
            };
            visit(share, new Set());
            files[share] = [...closure].sort();
          }
          const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
          const html = compilation.getAsset('index.html');
          if (!html) return;
          const text = html.source.source().toString();
          if (!text.includes(SHARED_FILES_PLACEHOLDER)) {
            compilation.errors.push(
              new rspack.WebpackError(`${PLUGIN}: index.html has no ${SHARED_FILES_PLACEHOLDER}`),
            );
            return;
          }
          compilation.updateAsset(
            'index.html',
            new rspack.sources.RawSource(
              text.replace(SHARED_FILES_PLACEHOLDER, JSON.stringify(sorted).replaceAll('</', '<\\/')),
            ),
          );
        },
      );
    });
  }
}
