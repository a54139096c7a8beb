import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { rspack, type Compilation, type Compiler, type Module } from '@rspack/core';
import {
  MANIFEST_RECORD_KEY,
  RECORD_SCHEMA,
  SHELL_RECORD_FILE,
  type CompatibilityRecord,
} from '@devhub/contracts/compatibility';
import { WORKSPACE_ROOT, readPackageJson, type App } from './app.ts';
import type { Singleton } from './shared-singletons.ts';

/** Where the shell's index.html carries its own record, for the check it runs before loading a remote. */
export const SHELL_RECORD_PLACEHOLDER = 'DEVHUB_COMPATIBILITY_RECORD';

const PLUGIN = 'CompatibilityRecordPlugin';

/** The federation runtime the build bundles (a remote's container runs on the shell's copy of it). */
function federationRuntimeVersion(): string {
  const require = createRequire(join(WORKSPACE_ROOT, 'package.json'));
  let dir = dirname(require.resolve('@module-federation/runtime-core'));
  while (!dir.endsWith(`${sep}runtime-core`)) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

interface DependencyLike {
  type: string;
  request?: string;
  ids?: string[];
}

interface ModuleLike {
  resource?: string;
  dependencies?: DependencyLike[];
  blocks?: Array<{ dependencies?: DependencyLike[] }>;
}

/**
 * The exports a remote's own code imports from each shared module, read from the module graph (so
 * after TypeScript dropped its type-only imports): named imports and re-exports give their name, a
 * namespace used as a whole or a dynamic import "*".
 */
function importedExports(modules: Iterable<Module>, sourceDir: string, shared: ReadonlySet<string>) {
  const used = new Map<string, Set<string>>();
  for (const module of modules as Iterable<ModuleLike>) {
    if (!module.resource?.startsWith(sourceDir)) continue;
    const dependencies = [
      ...(module.dependencies ?? []),
      ...(module.blocks ?? []).flatMap((b) => b.dependencies ?? []),
    ];
    for (const { type, request, ids } of dependencies) {
      if (!request || !shared.has(request)) continue;
      let name: string | undefined;
      if (type === 'esm import specifier' || type === 'esm export import specifier') name = ids?.[0] ?? '*';
      else if (type === 'import()' || type === 'cjs require') name = '*';
      if (!name) continue;
      if (!used.has(request)) used.set(request, new Set());
      used.get(request)!.add(name);
    }
  }
  return Object.fromEntries(
    [...used].sort(([a], [b]) => a.localeCompare(b)).map(([m, names]) => [m, [...names].sort()]),
  );
}

/** The exports the shell's build ships of each @devhub/shared entry, as the bundler determined them. */
function providedSharedExports(compilation: Compilation, sharedRequests: ReadonlyMap<string, string>) {
  const provided: Record<string, string[]> = {};
  for (const module of compilation.modules) {
    for (const connection of compilation.moduleGraph.getOutgoingConnections(module)) {
      const { type, request } = connection.dependency;
      const share = type === 'provide module for shared' && request ? sharedRequests.get(request) : undefined;
      const target = connection.module;
      if (!share || !target) continue;
      const names = compilation.moduleGraph.getProvidedExports(target);
      if (Array.isArray(names)) provided[share] = [...names].sort();
    }
  }
  return provided;
}

/** Files of the @devhub/shared entries, by absolute path → share name. */
function sharedEntryFiles(singletons: Singleton[]): Map<string, string> {
  const sharedDir = join(WORKSPACE_ROOT, 'shared');
  const pkg = readPackageJson(sharedDir) as { name: string; exports?: Record<string, string> };
  const files = new Map<string, string>();
  for (const { request } of singletons) {
    if (!request.startsWith(`${pkg.name}/`)) continue;
    const file = pkg.exports?.[`./${request.slice(pkg.name.length + 1)}`];
    if (file) files.set(resolve(sharedDir, file), request);
  }
  return files;
}

export interface CompatibilityRecordOptions {
  app: App;
  singletons: Singleton[];
  /** The shell: what each remote must expose for the shell's routes. */
  requires?: Record<string, string[]>;
}

/**
 * Writes what a build needs (a remote: into its mf-manifest.json) or provides (the shell: as
 * compatibility.json beside its index.html, and inside index.html for the check it runs before it
 * loads a remote), so every compatibility check runs against real builds (see
 * contracts/src/compatibility.js for the rules).
 */
export class CompatibilityRecordPlugin {
  constructor(private readonly options: CompatibilityRecordOptions) {}

  apply(compiler: Compiler) {
    const { app, singletons, requires } = this.options;
    const sourceDir = join(app.dir, 'src') + sep;
    const shared = new Set(singletons.map((singleton) => singleton.request));
    const base = {
      schema: RECORD_SCHEMA,
      kind: app.kind,
      name: app.name,
      version: app.version,
      federationRuntime: federationRuntimeVersion(),
      singletons: Object.fromEntries(
        singletons.map(({ request, version, requiredVersion }) => [request, { version, requiredVersion }]),
      ),
    };

    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      let imported: Record<string, string[]> = {};
      // The module graph's imports are complete here; exports info is read once assets are processed.
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        if (app.kind === 'remote') imported = importedExports(modules, sourceDir, shared);
      });
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          if (app.kind === 'remote') {
            const asset = compilation.getAsset('mf-manifest.json');
            if (!asset) return;
            const manifest = JSON.parse(asset.source.source().toString()) as { exposes?: Array<{ path: string }> };
            const record: CompatibilityRecord = {
              ...base,
              exports: imported,
              exposes: (manifest.exposes ?? []).map((expose) => expose.path),
            };
            compilation.updateAsset(
              'mf-manifest.json',
              new rspack.sources.RawSource(JSON.stringify({ ...manifest, [MANIFEST_RECORD_KEY]: record }, null, 2)),
            );
            return;
          }
          const shipped = Object.fromEntries(
            singletons.flatMap(({ request, shippedExports }) => (shippedExports ? [[request, shippedExports]] : [])),
          );
          const record: CompatibilityRecord = {
            ...base,
            exports: { ...providedSharedExports(compilation, sharedEntryFiles(singletons)), ...shipped },
            requires: requires ?? {},
          };
          const json = JSON.stringify(record);
          compilation.emitAsset(
            SHELL_RECORD_FILE,
            new rspack.sources.RawSource(`${JSON.stringify(record, null, 2)}\n`),
          );
          const html = compilation.getAsset('index.html');
          if (html) {
            compilation.updateAsset(
              'index.html',
              new rspack.sources.RawSource(
                html.source.source().toString().replace(SHELL_RECORD_PLACEHOLDER, json.replaceAll('</', '<\\/')),
              ),
            );
          }
        },
      );
    });
  }
}
