import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Chunk, ChunkGroup, Compilation, Compiler, Module, RspackPluginInstance } from '@rspack/core';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { parseManifest } from '@devhub/contracts/manifest';
import { WORKSPACE_ROOT } from './app.ts';

/**
 * The one place the build relies on what Rspack and Module Federation do not promise across
 * versions: the emitted mf-manifest.json, module identifiers, dependency type names, the chunk
 * graph of federated modules, the layout of the runtime packages, and experimental plugin options.
 * Each reader checks the shape it expects and throws, naming the internal and the versions, when
 * the shape is not there: an upgrade then fails the build with a reason instead of writing a
 * manifest or a record with parts silently missing. `npm run check:upgrade` tries the newest
 * versions against it.
 */

/** The versions this file was written and checked against. Another version is not an error by itself. */
export const WRITTEN_FOR = {
  '@rspack/core': '2.3.2',
  '@module-federation/enhanced': '2.9.2',
} as const;

type BundlerPackage = keyof typeof WRITTEN_FOR;

const requireFromRoot = createRequire(join(WORKSPACE_ROOT, 'package.json'));
const versionCache = new Map<string, string>();

/**
 * The installed version of a package, from its package.json. Found from its main file, since
 * not every package exports its package.json.
 */
export function installedVersion(name: string): string {
  const cached = versionCache.get(name);
  if (cached) return cached;
  let dir = dirname(requireFromRoot.resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) {
        versionCache.set(name, pkg.version);
        return pkg.version;
      }
    }
    if (dirname(dir) === dir) throw new Error(`no package.json of ${name} above ${requireFromRoot.resolve(name)}`);
    dir = dirname(dir);
  }
}

/** The versions this file was written for, and those installed when they differ. */
export function versionsNote(installed: (name: BundlerPackage) => string = installedVersion): string {
  const packages = Object.keys(WRITTEN_FOR) as BundlerPackage[];
  const list = (version: (name: BundlerPackage) => string) =>
    packages.map((name) => `${name} ${version(name)}`).join(', ');
  const written = list((name) => WRITTEN_FOR[name]);
  return packages.every((name) => installed(name) === WRITTEN_FOR[name])
    ? `written for ${written}, the versions installed`
    : `written for ${written}; installed: ${list(installed)}. Adapt rspack/bundler-internals.ts to the installed versions`;
}

/** What the build expected of Rspack or Module Federation and did not find. */
export class BundlerInternalsError extends Error {
  override name = 'BundlerInternalsError';

  constructor(
    /** The internal relied on, e.g. "mf-manifest.json" or "dependency type 'container exposed'". */
    readonly internal: string,
    problem: string,
  ) {
    super(`bundler internals: ${internal}: ${problem} (${versionsNote()})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Which build a plugin runs in

/**
 * Module Federation's shared tree shaking builds each tree-shaken share (react-router) in a
 * compiler of its own, made with the app's plugins: the app's plugins then run in a build with no
 * manifest, no exposes and no index.html, where they have nothing to do.
 */
export function isSharedFallbackBuild(compiler: Compiler): boolean {
  const plugins = (compiler.options.plugins ?? []).filter(
    (plugin): plugin is RspackPluginInstance => typeof plugin === 'object' && plugin !== null,
  );
  const named = (name: string) =>
    plugins.some((plugin) => (plugin as { name?: unknown }).name === name || plugin.constructor?.name === name);
  if (named('SharedContainerPlugin')) return true;
  if (named('ModuleFederationPlugin')) return false;
  throw new BundlerInternalsError(
    'federation plugins of a compiler',
    `${compiler.options.name ?? 'a compiler'} has neither ModuleFederationPlugin (an app's build) nor SharedContainerPlugin (a shared fallback build)`,
  );
}

// ---------------------------------------------------------------------------------------------
// The emitted manifest

export const FEDERATION_MANIFEST = 'mf-manifest.json';
export const FEDERATION_STATS = 'mf-stats.json';

type FederationFile = typeof FEDERATION_MANIFEST | typeof FEDERATION_STATS;

export interface AssetLists {
  sync: string[];
  async: string[];
}

export interface FederationManifest {
  exposes: Array<{ path: string; requires?: string[]; assets: { js: AssetLists; css: AssetLists } }>;
  shared: Array<{ name: string; assets: { js: AssetLists; css: AssetLists } }>;
  metaData: Record<string, unknown>;
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAssetLists = (value: unknown): value is AssetLists =>
  isObject(value) && Array.isArray(value.sync) && Array.isArray(value.async);

/** Checks the parts of a federation manifest (or stats) file this build reads and completes. */
function checkManifest(file: FederationFile, manifest: unknown): FederationManifest {
  const fail = (field: string, expected: string) =>
    new BundlerInternalsError(`${file} field ${field}`, `expected ${expected}`);
  if (!isObject(manifest)) throw fail('(root)', 'a JSON object');
  if (!isObject(manifest.metaData)) throw fail('metaData', 'an object');
  for (const key of ['exposes', 'shared'] as const) {
    const list = manifest[key];
    if (!Array.isArray(list)) throw fail(key, 'an array');
    list.forEach((item: unknown, index) => {
      if (!isObject(item)) throw fail(`${key}[${index}]`, 'an object');
      if (typeof item[key === 'exposes' ? 'path' : 'name'] !== 'string') {
        throw fail(`${key}[${index}].${key === 'exposes' ? 'path' : 'name'}`, 'a string');
      }
      const assets = item.assets;
      if (!isObject(assets) || !isAssetLists(assets.js) || !isAssetLists(assets.css)) {
        throw fail(`${key}[${index}].assets`, '{ js: { sync, async }, css: { sync, async } }');
      }
    });
  }
  return manifest as FederationManifest;
}

/**
 * Reads a file the federation plugin emitted, for a plugin tapped at PROCESS_ASSETS_STAGE_REPORT
 * of a remote's build (the federation plugin emits it at an earlier stage).
 */
export function readFederationFile(compilation: Compilation, file: FederationFile): FederationManifest {
  const asset = compilation.getAsset(file);
  if (!asset) {
    throw new BundlerInternalsError(
      file,
      `the federation plugin emitted no ${file} before PROCESS_ASSETS_STAGE_REPORT (a remote's build with manifest: true)`,
    );
  }
  // The repository's one reader first (what the shell, the CLI and the prerender rely on), then
  // what this build completes (every expose's and shared module's asset lists).
  const read = parseManifest(asset.source.source().toString());
  if (typeof read === 'string') throw new BundlerInternalsError(file, read);
  return checkManifest(file, read);
}

/** Rewrites a file the federation plugin emitted; `change` may modify the manifest it is given. */
export function rewriteFederationFile(
  compilation: Compilation,
  file: FederationFile,
  change: (manifest: FederationManifest) => FederationManifest | void,
): void {
  const manifest = readFederationFile(compilation, file);
  const next = change(manifest) ?? manifest;
  // The compilation's own Rspack: this module stays loadable where @rspack/core (ES modules only) is not.
  const { RawSource } = compilation.compiler.rspack.sources;
  compilation.updateAsset(file, new RawSource(JSON.stringify(next, null, 2)));
}

// ---------------------------------------------------------------------------------------------
// Shared modules, by their module type and identifier

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

// ---------------------------------------------------------------------------------------------
// Dependency type names

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

// ---------------------------------------------------------------------------------------------
// The chunk graph

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

// ---------------------------------------------------------------------------------------------
// The federation runtime's ES module twins

/** A CommonJS file of a federation runtime package. */
export const FEDERATION_RUNTIME_CJS = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;
const FEDERATION_RUNTIME_FILE = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.(c|m)?js$/;

/** The ES module build beside a federation runtime package's CommonJS file. */
export function esmTwinOf(file: string): string {
  const candidates = [file.replace(/\.cjs$/, '.js'), file.replace(/\.cjs$/, '.mjs')];
  const twin = candidates.find((candidate) => existsSync(candidate));
  if (!twin) {
    throw new BundlerInternalsError(
      'ES module twins of the federation runtime',
      `${file} has no ${candidates.map((candidate) => candidate.slice(candidate.lastIndexOf('.'))).join(' or ')} beside it`,
    );
  }
  return twin;
}

/**
 * After the swap: the build bundles federation runtime files, and none is CommonJS. (None at all:
 * the runtime is no longer found where the swap looks for it.)
 */
export function checkFederationRuntimeSwapped(modules: Iterable<Module>): void {
  const files = [...modules].flatMap((module) => {
    const resource = resourceOf(module);
    return resource && FEDERATION_RUNTIME_FILE.test(resource) ? [resource] : [];
  });
  if (files.length === 0) {
    throw new BundlerInternalsError(
      'federation runtime files',
      `no module of the build is a file matching ${FEDERATION_RUNTIME_FILE}`,
    );
  }
  const commonJs = files.filter((file) => FEDERATION_RUNTIME_CJS.test(file));
  if (commonJs.length > 0) {
    throw new BundlerInternalsError(
      'ES module twins of the federation runtime',
      `still bundled as CommonJS: ${commonJs.join(', ')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Federation plugin options that are experimental

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  enum?: unknown[];
  $ref?: string;
}

interface OptionsSchema {
  definitions: Record<string, SchemaNode>;
  properties: Record<string, SchemaNode>;
}

let schemaCache: OptionsSchema | undefined;

/** The options schema @module-federation/enhanced ships (the Rspack plugin itself does not validate). */
function federationOptionsSchema(): OptionsSchema {
  if (schemaCache) return schemaCache;
  const enhancedDir = dirname(requireFromRoot.resolve('@module-federation/enhanced/rspack'));
  const file = join(enhancedDir, 'schemas/container/ModuleFederationPlugin.js');
  if (!existsSync(file)) {
    throw new BundlerInternalsError('federation options schema', `${file} is missing`);
  }
  const schema = (requireFromRoot(file) as { default?: Partial<OptionsSchema> }).default;
  if (!schema?.properties || !schema.definitions) {
    throw new BundlerInternalsError(
      'federation options schema',
      `${file} exports no schema with properties and definitions`,
    );
  }
  schemaCache = { definitions: schema.definitions, properties: schema.properties };
  return schemaCache;
}

/**
 * Checks that the schema knows an option path (and, for an enum, the value we give it): from the
 * options' root, or from one of its definitions (`#TreeShakingConfig`).
 */
export function checkFederationOption(path: string[], value?: string): void {
  const schema = federationOptionsSchema();
  const resolveRef = (node: SchemaNode | undefined) =>
    node?.$ref ? schema.definitions[node.$ref.replace('#/definitions/', '')] : node;
  const [first, ...rest] = path;
  const fromDefinition = first?.startsWith('#');
  let node: SchemaNode | undefined = fromDefinition
    ? schema.definitions[first!.slice(1)]
    : { properties: schema.properties };
  const label = `federation plugin option ${path.join('.')}`;
  if (!node)
    throw new BundlerInternalsError(label, `the options schema of @module-federation/enhanced has no ${first}`);
  for (const key of fromDefinition ? rest : path) {
    node = resolveRef(node)?.properties?.[key];
    if (!node)
      throw new BundlerInternalsError(label, `the options schema of @module-federation/enhanced has no ${key}`);
  }
  node = resolveRef(node);
  if (value !== undefined && node?.enum && !node.enum.includes(value)) {
    throw new BundlerInternalsError(
      label,
      `"${value}" is not one of ${node.enum.map((option) => JSON.stringify(option)).join(', ')}`,
    );
  }
}

/**
 * The experimental options that keep the federation runtime out of the remotes' entries: it ships
 * once, in the shell, and each build drops the runtime code it does not use.
 */
export function federationExperiments(
  kind: 'host' | 'remote',
  isProduction: boolean,
): FederationOptions['experiments'] {
  checkFederationOption(['experiments', kind === 'host' ? 'provideExternalRuntime' : 'externalRuntime']);
  checkFederationOption(['experiments', 'optimization', 'target'], 'web');
  checkFederationOption(['experiments', 'optimization', 'disableSnapshot']);
  if (kind === 'host') {
    return { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } };
  }
  checkFederationOption(['experiments', 'optimization', 'disableRemote']);
  return {
    externalRuntime: isProduction,
    optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
  };
}

/** A shared module shipped with only these exports (the experimental shared tree shaking). */
export function treeShakenShare(usedExports: string[]) {
  checkFederationOption(['#TreeShakingConfig', 'mode'], 'runtime-infer');
  checkFederationOption(['#TreeShakingConfig', 'usedExports']);
  return { treeShaking: { mode: 'runtime-infer' as const, usedExports } };
}
