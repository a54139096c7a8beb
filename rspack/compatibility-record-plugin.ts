import { join, resolve, sep } from 'node:path';
import { rspack, type Compilation, type Compiler, type Module } from '@rspack/core';
import {
  MANIFEST_RECORD_KEY,
  RECORD_SCHEMA,
  SHELL_RECORD_FILE,
  type CompatibilityRecord,
} from '@devhub/contracts/compatibility';
import { ACCESS_RULES, LAYOUTS, MANIFEST_ROUTES_KEY, routeTableProblems } from '@devhub/contracts/routes';
import { WORKSPACE_ROOT, readPackageJson, type App } from './app.ts';
import { resourceOf } from './bundler-internals/chunk-graph.ts';
import { dependenciesOf, importedName, providedExports, providedModules } from './bundler-internals/dependencies.ts';
import { FEDERATION_MANIFEST, rewriteFederationFile } from './bundler-internals/federation-files.ts';
import { installedVersion } from './bundler-internals/versions.ts';
import { isSharedFallbackBuild } from './bundler-internals/which-build.ts';
import type { Singleton } from './shared-singletons.ts';

/** Where the shell's index.html carries its own record, for the check it runs before loading a remote. */
export const SHELL_RECORD_PLACEHOLDER = 'DEVHUB_COMPATIBILITY_RECORD';

const PLUGIN = 'CompatibilityRecordPlugin';

/** The federation runtime the build bundles (a remote's container runs on the shell's copy of it). */
const federationRuntimeVersion = () => installedVersion('@module-federation/runtime-core');

/**
 * The exports a remote's own code imports from each shared module, read from the module graph (so
 * after TypeScript dropped its type-only imports): named imports and re-exports give their name, a
 * namespace used as a whole or a dynamic import "*".
 */
function importedExports(modules: Iterable<Module>, sourceDir: string, shared: ReadonlySet<string>) {
  const used = new Map<string, Set<string>>();
  for (const module of modules) {
    if (!resourceOf(module)?.startsWith(sourceDir)) continue;
    for (const dependency of dependenciesOf(module)) {
      const { request } = dependency;
      if (!request || !shared.has(request)) continue;
      const name = importedName(dependency);
      if (!name) continue;
      if (!used.has(request)) used.set(request, new Set());
      used.get(request)!.add(name);
    }
  }
  // Every remote's pages import React at least: nothing found means the imports went unrecognised.
  if (used.size === 0) throw new Error(`${PLUGIN}: found no import of a shared module in ${sourceDir}`);
  return Object.fromEntries(
    [...used].sort(([a], [b]) => a.localeCompare(b)).map(([m, names]) => [m, [...names].sort()]),
  );
}

/** The exports the shell's build ships of each @devhub/shared entry, as the bundler determined them. */
function providedSharedExports(compilation: Compilation, sharedRequests: ReadonlyMap<string, string>) {
  const provided: Record<string, string[]> = {};
  for (const { request, module } of providedModules(compilation)) {
    const share = sharedRequests.get(request);
    if (!share) continue;
    const names = providedExports(compilation, module);
    if (names) provided[share] = [...names].sort();
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
}

/** A remote's route table as its manifest carries it: what the shell and the CLI read (no source files). */
function publishedRoutes(app: App) {
  const table = (app.routes ?? []).map(({ file: _file, ...page }) => page);
  const problems = routeTableProblems(table);
  if (problems.length > 0) {
    throw new Error(`${app.packageName}: src/app/routes.ts is not a route table: ${problems.join('; ')}`);
  }
  return table;
}

/**
 * Writes what a build needs (a remote: into its mf-manifest.json, with its route table beside) or provides (the shell: as
 * compatibility.json beside its index.html, and inside index.html for the check it runs before it
 * loads a remote), so every compatibility check runs against real builds (see
 * contracts/src/compatibility.js for the rules).
 */
export class CompatibilityRecordPlugin {
  constructor(private readonly options: CompatibilityRecordOptions) {}

  apply(compiler: Compiler) {
    if (isSharedFallbackBuild(compiler)) return;
    const { app, singletons } = this.options;
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
            rewriteFederationFile(compilation, FEDERATION_MANIFEST, (manifest) => {
              const record: CompatibilityRecord = {
                ...base,
                exports: imported,
                exposes: manifest.exposes.map((expose) => expose.path),
              };
              return { ...manifest, [MANIFEST_RECORD_KEY]: record, [MANIFEST_ROUTES_KEY]: publishedRoutes(app) };
            });
            return;
          }
          const shipped = Object.fromEntries(
            singletons.flatMap(({ request, shippedExports }) => (shippedExports ? [[request, shippedExports]] : [])),
          );
          const record: CompatibilityRecord = {
            ...base,
            exports: { ...providedSharedExports(compilation, sharedEntryFiles(singletons)), ...shipped },
            // Routes come from the registry: the shell lists what a remote's table may ask of it.
            layouts: [...LAYOUTS],
            access: [...ACCESS_RULES],
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
