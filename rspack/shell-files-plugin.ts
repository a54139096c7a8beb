import { rspack, type Compilation, type Compiler } from '@rspack/core';
import { blocksOf, entryModules } from './bundler-internals/chunk-graph.ts';
import { sharedModules } from './bundler-internals/shared-modules.ts';
import { isSharedFallbackBuild } from './bundler-internals/which-build.ts';
import { sharedModulesOf } from './consumed-shares.ts';

const PLUGIN = 'ShellFilesPlugin';

/** Where the shell's index.html lists the files of the shared modules it provides. */
export const SHARED_FILES_PLACEHOLDER = 'DEVHUB_SHARED_FILES';

/**
 * For each shared module the shell provides, the files that load it with the shared modules it
 * imports in turn (@devhub/shared/api-client brings axios); none for those in its first chunk.
 */
function sharedFiles(compilation: Compilation, publicPath: string): Record<string, string[]> {
  const own = new Map<string, { files: string[]; imports: string[] }>();
  for (const [module, share] of sharedModules(compilation, 'provided')) {
    const loading = new Set<string>();
    const imports = new Set<string>();
    for (const block of blocksOf(compilation, module)) {
      for (const file of block.files) if (file.endsWith('.js')) loading.add(`${publicPath}${file}`);
      for (const dependency of block.dependencies) {
        const provided = compilation.moduleGraph.getModule(dependency);
        if (provided) for (const name of sharedModulesOf(compilation, provided)) imports.add(name);
      }
    }
    own.set(share, { files: [...loading], imports: [...imports] });
  }
  const files: Record<string, string[]> = {};
  for (const share of [...own.keys()].sort()) {
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
  return files;
}

/** The stylesheets of what the shell's entry starts behind its async boundary: the app's chrome. */
function appStylesheets(compilation: Compilation, publicPath: string): string[] {
  const sheets = new Set<string>();
  for (const module of entryModules(compilation, 'main')) {
    for (const block of blocksOf(compilation, module)) {
      for (const file of block.files) if (file.endsWith('.css')) sheets.add(`${publicPath}${file}`);
    }
  }
  return [...sheets].sort();
}

/**
 * Writes into the shell's index.html what it knows of its own files:
 *
 * - the files of the shared modules it provides (a remote page fetches the ones it imports with
 *   the page instead of once its code asks for them, shell/src/features/remotes/remote-files.js);
 * - its chrome's stylesheets, linked from the head: a page rendered ahead of time shows the
 *   chrome before any script runs, and a client-rendered one gets them sooner.
 */
export class ShellFilesPlugin {
  apply(compiler: Compiler) {
    if (isSharedFallbackBuild(compiler)) return;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const html = compilation.getAsset('index.html');
          if (!html) {
            compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: the shell's build emitted no index.html`));
            return;
          }
          const text = html.source.source().toString();
          if (!text.includes(SHARED_FILES_PLACEHOLDER)) {
            compilation.errors.push(
              new rspack.WebpackError(`${PLUGIN}: index.html has no ${SHARED_FILES_PLACEHOLDER}`),
            );
            return;
          }
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const links = appStylesheets(compilation, publicPath)
            .map((href) => `<link rel="stylesheet" href="${href}">`)
            .join('');
          compilation.updateAsset(
            'index.html',
            new rspack.sources.RawSource(
              text
                .replace(SHARED_FILES_PLACEHOLDER, () =>
                  JSON.stringify(sharedFiles(compilation, publicPath)).replaceAll('</', '<\\/'),
                )
                .replace('</head>', () => `${links}</head>`),
            ),
          );
        },
      );
    });
  }
}
