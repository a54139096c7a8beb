import type { Compilation, Module } from '@rspack/core';
import { sharedModules } from './bundler-internals/shared-modules.ts';

/**
 * The shared modules `root` needs before it can run: every module its static imports reach, up to
 * each shared module it consumes. (What it imports on demand, such as its data, waits for it.)
 */
export function sharedModulesOf(compilation: Compilation, root: Module): string[] {
  const consumed = sharedModules(compilation, 'consumed');
  const shares = new Set<string>();
  const seen = new Set<Module>([root]);
  const queue = [root];
  for (let module = queue.pop(); module; module = queue.pop()) {
    for (const dependency of module.dependencies) {
      const target = compilation.moduleGraph.getModule(dependency);
      if (!target || seen.has(target)) continue;
      seen.add(target);
      const share = consumed.get(target);
      if (share) shares.add(share);
      else queue.push(target);
    }
  }
  return [...shares].sort();
}
