import type { Compilation, Module } from '@rspack/core';
import { BundlerInternalsError } from './versions.ts';

// Shared modules, by their module type and identifier.

/** "consume shared module (default) axios@^1.21.0 (strict) (fallback: …)" → "axios". */
const CONSUMED_SHARE = /^consume shared module \([^)]*\) (.+?)@/;
/** "provide shared module (default) axios@1.21.1 = /…/axios/index.js" → "axios". */
const PROVIDED_SHARE = /^provide shared module \([^)]*\) (.+?)@\S+ = /;

interface ShareKind {
  kind: string;
  moduleType: string;
  prefix: string;
  pattern: RegExp;
}

const CONSUMED: ShareKind = {
  kind: 'consumed',
  moduleType: 'consume-shared-module',
  prefix: 'consume shared module ',
  pattern: CONSUMED_SHARE,
};
const PROVIDED: ShareKind = {
  kind: 'provided',
  moduleType: 'provide-module',
  prefix: 'provide shared module ',
  pattern: PROVIDED_SHARE,
};

/** A module's share name, if it is a module of that kind; throws when type and identifier disagree. */
export function shareNameOf(module: Module, kind: 'consumed' | 'provided'): string | undefined {
  const { moduleType, prefix, pattern } = kind === 'consumed' ? CONSUMED : PROVIDED;
  const identifier = module.identifier();
  const byType = module.type === moduleType;
  if (!byType && !identifier.startsWith(prefix)) return undefined;
  const name = pattern.exec(identifier)?.[1];
  if (!byType || !name) {
    throw new BundlerInternalsError(
      `identifier of a ${kind} shared module`,
      `module type "${module.type}" (expected "${moduleType}") with identifier "${identifier}", which ${pattern} ${name ? 'matches' : 'does not match'}`,
    );
  }
  return name;
}

const shareIndexes = new WeakMap<Compilation, Map<string, Map<Module, string>>>();

/**
 * Every module of a kind in the compilation, with its share name. Every app both consumes and
 * provides shared modules: none found means the modules are no longer recognised.
 */
export function sharedModules(compilation: Compilation, kind: 'consumed' | 'provided'): Map<Module, string> {
  let indexes = shareIndexes.get(compilation);
  if (!indexes) shareIndexes.set(compilation, (indexes = new Map()));
  const cached = indexes.get(kind);
  if (cached) return cached;
  const found = new Map<Module, string>();
  for (const module of compilation.modules) {
    const name = shareNameOf(module, kind);
    if (name) found.set(module, name);
  }
  if (found.size === 0) {
    const { moduleType, pattern } = kind === 'consumed' ? CONSUMED : PROVIDED;
    throw new BundlerInternalsError(
      `${kind} shared modules`,
      `no module of type "${moduleType}" or with an identifier matching ${pattern} in a build that shares modules`,
    );
  }
  indexes.set(kind, found);
  return found;
}
