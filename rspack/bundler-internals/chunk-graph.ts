import type { Chunk, ChunkGroup, Compilation, Module } from '@rspack/core';
import { BundlerInternalsError } from './versions.ts';

// The chunk graph.

/** A normal module's file; other modules (shared, container, runtime) have none. */
export function resourceOf(module: Module): string | undefined {
  const resource = (module as { resource?: unknown }).resource;
  return typeof resource === 'string' ? resource : undefined;
}

/** Every module with a file, by its file. */
export function modulesByResource(compilation: Compilation): Map<string, Module> {
  const byFile = new Map<string, Module>();
  for (const module of compilation.modules) {
    const resource = resourceOf(module);
    if (resource) byFile.set(resource, module);
  }
  if (byFile.size === 0) {
    throw new BundlerInternalsError('Module.resource', 'no module of the build has a file (resource)');
  }
  return byFile;
}

/**
 * The chunks a module is in. None for a module scope-hoisted into another (it is in that one's
 * chunks): the exposed page's own chunks are then unknown, and it lists no on-demand files.
 */
export function chunksOf(compilation: Compilation, module: Module): Chunk[] {
  return [...compilation.chunkGraph.getModuleChunks(module)];
}

/** The files of the chunk groups a module's own chunks start on demand, and theirs, down the graph. */
export function onDemandFiles(compilation: Compilation, module: Module): Set<string> {
  const files = new Set<string>();
  const seen = new Set<ChunkGroup>();
  const visit = (group: ChunkGroup) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const child of group.childrenIterable) {
      for (const file of child.getFiles()) files.add(file);
      visit(child);
    }
  };
  for (const chunk of chunksOf(compilation, module)) for (const group of chunk.groupsIterable) visit(group);
  return files;
}

/** The files of each chunk group a module's blocks (dynamic imports) load, with the block's dependencies. */
export function blocksOf(compilation: Compilation, module: Module) {
  return module.blocks.map((block) => ({
    files: compilation.chunkGraph.getBlockChunkGroup(block)?.getFiles() ?? [],
    dependencies: block.dependencies,
  }));
}

/** The modules of an entry's chunks. */
export function entryModules(compilation: Compilation, entry: string): Module[] {
  const entrypoint = compilation.entrypoints.get(entry);
  if (!entrypoint) throw new BundlerInternalsError('Compilation.entrypoints', `no entrypoint "${entry}"`);
  return entrypoint.chunks.flatMap((chunk) => [...compilation.chunkGraph.getChunkModules(chunk)]);
}
