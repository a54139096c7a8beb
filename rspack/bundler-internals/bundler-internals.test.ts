import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Compilation, Compiler, Module } from '@rspack/core';
import { exposedModules, importedName, providedModules } from './dependencies.ts';
import { readFederationFile, rewriteFederationFile } from './federation-files.ts';
import { checkFederationOption, federationExperiments, treeShakenShare } from './federation-options.ts';
import { checkFederationRuntimeSwapped, esmTwinOf } from './runtime-twins.ts';
import { shareNameOf, sharedModules } from './shared-modules.ts';
import { BundlerInternalsError, WRITTEN_FOR, installedVersion, versionsNote } from './versions.ts';
import { isSharedFallbackBuild } from './which-build.ts';

const VERSIONS = /written for @rspack\/core 2\.3\.2, @module-federation\/enhanced 2\.9\.2/;

const lists = () => ({ sync: [], async: [] });
const manifest = () => ({
  metaData: { name: 'catalog' },
  exposes: [{ path: './HomePage', assets: { js: lists(), css: lists() } }],
  shared: [{ name: 'react', assets: { js: lists(), css: lists() } }],
});

function compilationWith({
  assets = {},
  modules = [],
  connections = new Map(),
}: {
  assets?: Record<string, unknown>;
  modules?: Module[];
  connections?: Map<Module, Array<{ dependency: { type: string; request?: string }; module: Module | null }>>;
}) {
  const files = new Map(Object.entries(assets).map(([name, json]) => [name, JSON.stringify(json)]));
  const compilation = {
    modules: new Set(modules),
    compiler: {
      rspack: {
        sources: {
          RawSource: class {
            constructor(readonly text: string) {}
            source = () => this.text;
          },
        },
      },
    },
    getAsset: (name: string) =>
      files.has(name) ? { name, source: { source: () => Buffer.from(files.get(name)!) } } : undefined,
    updateAsset: (name: string, source: { source: () => string | Buffer }) =>
      files.set(name, source.source().toString()),
    moduleGraph: { getOutgoingConnections: (module: Module) => connections.get(module) ?? [] },
  };
  return { compilation: compilation as unknown as Compilation, files };
}

const moduleOf = (type: string, identifier: string) => ({ type, identifier: () => identifier }) as unknown as Module;
const fileModule = (resource: string) =>
  ({ type: 'javascript/auto', resource, identifier: () => resource }) as unknown as Module;

describe('bundler internals', () => {
  it('names the versions it was written for, and those installed when they differ', () => {
    expect(WRITTEN_FOR['@rspack/core']).toBe(installedVersion('@rspack/core'));
    expect(versionsNote()).toMatch(VERSIONS);
    expect(versionsNote((name) => (name === '@rspack/core' ? '2.4.0' : WRITTEN_FOR[name]))).toBe(
      'written for @rspack/core 2.3.2, @module-federation/enhanced 2.9.2; installed: @rspack/core 2.4.0, @module-federation/enhanced 2.9.2. Adapt rspack/bundler-internals/ to the installed versions',
    );
  });

  describe('the emitted mf-manifest.json', () => {
    it('throws, naming the file and the versions, when the federation plugin did not emit it', () => {
      const { compilation } = compilationWith({ assets: { 'mf-stats.json': manifest() } });
      expect(() => readFederationFile(compilation, 'mf-manifest.json')).toThrow(BundlerInternalsError);
      expect(() => readFederationFile(compilation, 'mf-manifest.json')).toThrow(
        /^bundler internals: mf-manifest\.json: the federation plugin emitted no mf-manifest\.json before PROCESS_ASSETS_STAGE_REPORT .*written for @rspack\/core 2\.3\.2/,
      );
    });

    it('throws, naming the field, when a field it reads or completes is absent', () => {
      const { exposes: _exposes, ...withoutExposes } = manifest();
      expect(() =>
        readFederationFile(
          compilationWith({ assets: { 'mf-manifest.json': withoutExposes } }).compilation,
          'mf-manifest.json',
        ),
      ).toThrow(/mf-manifest\.json field exposes: expected an array/);
      const withoutAssets = { ...manifest(), shared: [{ name: 'react' }] };
      expect(() =>
        readFederationFile(
          compilationWith({ assets: { 'mf-stats.json': withoutAssets } }).compilation,
          'mf-stats.json',
        ),
      ).toThrow(
        /mf-stats\.json field shared\[0\]\.assets: expected \{ js: \{ sync, async \}, css: \{ sync, async \} \}/,
      );
    });

    it('writes back what the plugin changed', () => {
      const { compilation, files } = compilationWith({ assets: { 'mf-manifest.json': manifest() } });
      rewriteFederationFile(compilation, 'mf-manifest.json', (read) => {
        read.metaData.ssrRemoteEntry = 'server.remoteEntry.cjs';
      });
      expect(JSON.parse(files.get('mf-manifest.json')!).metaData).toEqual({
        name: 'catalog',
        ssrRemoteEntry: 'server.remoteEntry.cjs',
      });
    });
  });

  describe('shared modules, by type and identifier', () => {
    const consumed = moduleOf(
      'consume-shared-module',
      'consume shared module (default) axios@^1.21.0 (strict) (fallback: /x/axios/index.js)',
    );
    const provided = moduleOf('provide-module', 'provide shared module (default) axios@1.21.1 = /x/axios/index.js');

    it('reads the share name', () => {
      expect(shareNameOf(consumed, 'consumed')).toBe('axios');
      expect(shareNameOf(provided, 'provided')).toBe('axios');
      expect(shareNameOf(provided, 'consumed')).toBeUndefined();
    });

    it('throws when a shared module has an identifier the pattern no longer matches', () => {
      const renamed = moduleOf('consume-shared-module', 'consume-shared (default) axios ^1.21.0');
      expect(() => shareNameOf(renamed, 'consumed')).toThrow(
        /identifier of a consumed shared module: module type "consume-shared-module" .* "consume-shared \(default\) axios \^1\.21\.0", which .* does not match/,
      );
    });

    it('throws when a build that shares modules has none the pattern matches', () => {
      const { compilation } = compilationWith({ modules: [fileModule('/x/a.ts'), provided] });
      expect(() => sharedModules(compilation, 'consumed')).toThrow(
        /consumed shared modules: no module of type "consume-shared-module" or with an identifier matching/,
      );
      expect([...sharedModules(compilation, 'provided').values()]).toEqual(['axios']);
    });
  });

  describe('dependency type names', () => {
    it('reads what an import of a shared module imports', () => {
      expect(importedName({ type: 'esm import specifier', ids: ['useState'] })).toBe('useState');
      expect(importedName({ type: 'import()' })).toBe('*');
      expect(importedName({ type: 'esm import' })).toBeUndefined();
    });

    it('throws on a dependency type it does not know', () => {
      expect(() => importedName({ type: 'harmony import specifier', request: 'react' })).toThrow(
        /dependency type "harmony import specifier": an import of react of a type none of "esm import specifier"/,
      );
    });

    it('throws when an exposed module is not found by its dependency type', () => {
      const container = moduleOf('container-entry', 'container entry');
      const page = fileModule('/x/home-page.tsx');
      const connections = new Map([
        [container, [{ dependency: { type: 'exposed', request: './home.tsx' }, module: page }]],
      ]);
      const { compilation } = compilationWith({ modules: [container, page], connections });
      expect(() => exposedModules(compilation, ['./home.tsx'])).toThrow(
        /dependency type "container exposed": no such dependency of the container for \.\/home\.tsx/,
      );
      connections.set(container, [{ dependency: { type: 'container exposed', request: './home.tsx' }, module: page }]);
      expect(exposedModules(compilation, ['./home.tsx']).get('./home.tsx')).toBe(page);
    });

    it('throws when no shared module is provided by its dependency type', () => {
      const { compilation } = compilationWith({ modules: [fileModule('/x/a.ts')] });
      expect(() => providedModules(compilation)).toThrow(
        /dependency type "provide module for shared": no such dependency/,
      );
    });
  });

  describe("the federation runtime's ES module twins", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundler-internals-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('swaps a CommonJS file for the ES module beside it, and throws when there is none', () => {
      const runtime = join(dir, 'node_modules/@module-federation/runtime/dist');
      const sdk = join(dir, 'node_modules/@module-federation/sdk/dist');
      for (const folder of [runtime, sdk]) mkdirSync(folder, { recursive: true });
      writeFileSync(join(runtime, 'index.mjs'), '');
      expect(esmTwinOf(join(runtime, 'index.cjs'))).toBe(join(runtime, 'index.mjs'));
      expect(() => esmTwinOf(join(sdk, 'index.cjs'))).toThrow(
        /ES module twins of the federation runtime: .*sdk\/dist\/index\.cjs has no \.js or \.mjs beside it/,
      );
    });

    it('throws when the build still bundles a CommonJS runtime file, or none at all', () => {
      const esm = fileModule('/n/@module-federation/runtime/dist/index.js');
      const cjs = fileModule('/n/@module-federation/sdk/dist/index.cjs');
      expect(() => checkFederationRuntimeSwapped([esm])).not.toThrow();
      expect(() => checkFederationRuntimeSwapped([esm, cjs])).toThrow(
        /still bundled as CommonJS: \/n\/@module-federation\/sdk\/dist\/index\.cjs/,
      );
      expect(() => checkFederationRuntimeSwapped([fileModule('/x/a.ts')])).toThrow(
        /federation runtime files: no module of the build is a file matching/,
      );
    });
  });

  describe('experimental federation options', () => {
    it('gives the options this build uses, which the installed schema knows', () => {
      expect(federationExperiments('remote', true)).toEqual({
        externalRuntime: true,
        optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
      });
      expect(treeShakenShare(['Link'])).toEqual({ treeShaking: { mode: 'runtime-infer', usedExports: ['Link'] } });
    });

    it('throws, naming the option, when the schema lacks it or the value', () => {
      expect(() => checkFederationOption(['experiments', 'optimization', 'dropSnapshot'])).toThrow(
        /federation plugin option experiments\.optimization\.dropSnapshot: the options schema of @module-federation\/enhanced has no dropSnapshot/,
      );
      expect(() => checkFederationOption(['#TreeShakingConfig', 'mode'], 'build-infer')).toThrow(
        /federation plugin option #TreeShakingConfig\.mode: "build-infer" is not one of "server-calc", "runtime-infer"/,
      );
    });
  });

  describe('which build a plugin runs in', () => {
    const compiler = (plugins: object[]) => ({ options: { name: 'catalog', plugins } }) as unknown as Compiler;
    class ModuleFederationPlugin {}

    it("tells an app's build from a shared fallback build, and throws for a build with neither plugin", () => {
      expect(isSharedFallbackBuild(compiler([new ModuleFederationPlugin()]))).toBe(false);
      expect(isSharedFallbackBuild(compiler([{ name: 'SharedContainerPlugin' }]))).toBe(true);
      expect(() => isSharedFallbackBuild(compiler([{ name: 'HtmlRspackPlugin' }]))).toThrow(
        /federation plugins of a compiler: catalog has neither ModuleFederationPlugin/,
      );
    });
  });
});
