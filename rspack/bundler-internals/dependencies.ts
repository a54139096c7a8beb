import type { Compilation, Module } from '@rspack/core';
import { BundlerInternalsError } from './versions.ts';

// Dependency type names, and the modules they lead to.

export const DEPENDENCY_TYPES = {
  containerExposed: 'container exposed',
  provideForShared: 'provide module for shared',
  /** An import of some names: `import { a } from`, `export { a } from`. */
  named: ['esm import specifier', 'esm export import specifier'],
  /** The whole module: `import()`, `require()`. */
  whole: ['import()', 'cjs require'],
  /** The import statement itself, beside the named ones above; `export * from`. */
  statement: ['esm import', 'esm export import'],
} as const;

interface DependencyLike {
  type: string;
  request?: string;
  ids?: string[];
}

/**
 * What a dependency of our own code on a shared module imports: an export name, "*" for the whole
 * module, or undefined for the import statement (its names come as dependencies of their own).
 */
export function importedName(dependency: DependencyLike): string | undefined {
  const { type, ids } = dependency;
  if ((DEPENDENCY_TYPES.named as readonly string[]).includes(type)) return ids?.[0] ?? '*';
  if ((DEPENDENCY_TYPES.whole as readonly string[]).includes(type)) return '*';
  if ((DEPENDENCY_TYPES.statement as readonly string[]).includes(type)) return undefined;
  throw new BundlerInternalsError(
    `dependency type "${type}"`,
    `an import of ${dependency.request ?? 'a module'} of a type none of ${[...DEPENDENCY_TYPES.named, ...DEPENDENCY_TYPES.whole, ...DEPENDENCY_TYPES.statement].map((t) => `"${t}"`).join(', ')}`,
  );
}

/** A module's own dependencies and those of its blocks (dynamic imports). */
export function dependenciesOf(module: Module): DependencyLike[] {
  return [...module.dependencies, ...module.blocks.flatMap((block) => block.dependencies)];
}

/** The module each exposed request ("./src/app/exposes/home-page.tsx") resolves to; every one must be found. */
export function exposedModules(compilation: Compilation, requests: Iterable<string>): Map<string, Module> {
  const found = new Map<string, Module>();
  for (const module of compilation.modules) {
    for (const { dependency, module: target } of compilation.moduleGraph.getOutgoingConnections(module)) {
      if (dependency.type === DEPENDENCY_TYPES.containerExposed && dependency.request && target) {
        found.set(dependency.request, target);
      }
    }
  }
  const missing = [...requests].filter((request) => !found.has(request));
  if (missing.length > 0) {
    throw new BundlerInternalsError(
      `dependency type "${DEPENDENCY_TYPES.containerExposed}"`,
      `no such dependency of the container for ${missing.join(', ')}`,
    );
  }
  return found;
}

/** The module behind each shared module the build provides, by request; a build that shares provides some. */
export function providedModules(compilation: Compilation): Array<{ request: string; module: Module }> {
  const provided: Array<{ request: string; module: Module }> = [];
  for (const module of compilation.modules) {
    for (const { dependency, module: target } of compilation.moduleGraph.getOutgoingConnections(module)) {
      if (dependency.type === DEPENDENCY_TYPES.provideForShared && dependency.request && target) {
        provided.push({ request: dependency.request, module: target });
      }
    }
  }
  if (provided.length === 0) {
    throw new BundlerInternalsError(
      `dependency type "${DEPENDENCY_TYPES.provideForShared}"`,
      'no such dependency in a build that provides shared modules',
    );
  }
  return provided;
}

/** The exports the bundler determined a module provides; undefined when it could not tell. */
export function providedExports(compilation: Compilation, module: Module): string[] | undefined {
  const names = compilation.moduleGraph.getProvidedExports(module);
  return Array.isArray(names) ? names : undefined;
}
