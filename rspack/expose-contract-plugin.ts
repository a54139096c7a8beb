import { rspack, type Compiler } from '@rspack/core';
import { exposedModules, providedExports } from './bundler-internals/dependencies.ts';
import { isSharedFallbackBuild } from './bundler-internals/which-build.ts';

/**
 * Fails a remote's build when one of its exposed modules lacks the component its route table names
 * (`./HomePage` must export `HomePage`): the shell loads pages by that name, so a wrong or missing
 * export would otherwise only show as a failed page in a visitor's browser.
 */
export class ExposeContractPlugin {
  /** @param exposes expose ("./HomePage") → its file, as given to the federation plugin */
  constructor(private readonly exposes: Record<string, string>) {}

  apply(compiler: Compiler) {
    if (isSharedFallbackBuild(compiler)) return;
    const expected = new Map(Object.entries(this.exposes).map(([expose, file]) => [file, expose.slice(2)]));
    compiler.hooks.thisCompilation.tap('ExposeContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ExposeContractPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          for (const [request, exposed] of exposedModules(compilation, expected.keys())) {
            const name = expected.get(request);
            if (!name) continue;
            const provided = providedExports(compilation, exposed);
            if (provided && !provided.includes(name)) {
              compilation.errors.push(
                new rspack.WebpackError(
                  `${request} must export a component named "${name}" (src/app/routes.ts exposes it as ./${name}); it exports ${provided.join(', ') || 'nothing'}`,
                ),
              );
            }
          }
        },
      );
    });
  }
}
