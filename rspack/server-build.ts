import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Compiler, type Configuration, type RuleSetRule } from '@rspack/core';
import type { App } from './app.ts';
import { FEDERATION_MANIFEST, rewriteFederationFile } from './bundler-internals/federation-files.ts';
import { isSharedFallbackBuild } from './bundler-internals/which-build.ts';
import { exposesFor } from './federation.ts';
import type { Singleton } from './shared-singletons.ts';

const require = createRequire(import.meta.url);

/** A remote's server build sits beside its browser build, in the same published folder, under this prefix. */
export const SERVER_FILE_PREFIX = 'server.';

/** The global the prerender fills with each remote's public folder before it loads the remote's server entry. */
const SERVER_PUBLIC_PATHS_GLOBAL = '__DEVHUB_PUBLIC_PATHS__';

/** The server build's entry, beside the browser's remoteEntry.js. */
export const SERVER_ENTRY_FILE = `${SERVER_FILE_PREFIX}remoteEntry.cjs`;

/** Where the shell's server renderer is written (not served: it runs where the prerender runs). */
export const SHELL_SERVER_DIR = 'dist-server';

/**
 * The Node build of an app, for rendering its pages ahead of time (scripts/lib/prerender.mjs):
 *
 * - A remote: a federation container of the same exposes, loaded by the federation runtime in
 *   Node (`@module-federation/node`), published beside its browser build as `server.*` files, so
 *   its chunks resolve from the same folder and its asset URLs (the catalogue's images) are the
 *   browser's: the prerender gives it that folder's public URL before it loads.
 * - The shell: its renderer, a host that provides every singleton (one React for the shell and
 *   all remotes on the server, as in the browser) and renders a route around the remote's page.
 *
 * Styles are the browser build's: the same class names, no CSS emitted; assets are not emitted again.
 */
export function serverConfig(client: Configuration, app: App, singletons: Singleton[]): Configuration {
  const isHost = app.kind === 'host';
  const rules = (client.module?.rules ?? []).filter((rule): rule is RuleSetRule => Boolean(rule));
  return {
    name: `${app.name}-server`,
    // After the browser build, which empties the output folder first.
    dependencies: client.name ? [client.name] : [],
    context: client.context,
    mode: 'production',
    target: 'async-node',
    devtool: 'hidden-source-map',
    entry: isHost ? { server: './src/app/server.tsx' } : {},
    output: {
      path: isHost ? join(app.dir, SHELL_SERVER_DIR) : join(app.dir, 'dist'),
      // Set at runtime (getPublicPath below); the shell's server renderer has no assets of its own.
      publicPath: isHost ? '/' : '',
      // The browser build's: CSS Modules hash it into class names, which must be the same in both.
      uniqueName: client.output?.uniqueName,
      // CommonJS (.cjs): the workspace's packages are ES modules, and Node goes by the extension.
      filename: isHost ? '[name].cjs' : `${SERVER_FILE_PREFIX}[name].cjs`,
      chunkFilename: isHost ? '[name].cjs' : `${SERVER_FILE_PREFIX}[name].[contenthash:8].cjs`,
      assetModuleFilename: client.output?.assetModuleFilename,
      ...(isHost ? { library: { type: 'commonjs2' }, clean: true } : { clean: false }),
    },
    resolve: client.resolve,
    module: {
      parser: client.module?.parser,
      generator: {
        ...client.module?.generator,
        'css/auto': { ...client.module?.generator?.['css/auto'], exportsOnly: true },
        'asset/resource': { emit: false },
      },
      rules,
    },
    plugins: [
      new rspack.DefinePlugin({
        __APP_NAME__: JSON.stringify(app.name),
        __APP_VERSION__: JSON.stringify(app.version),
        // The shell's renderer fills it (shell/src/app/server.tsx); the remotes' entries read it.
        __SERVER_PUBLIC_PATHS_GLOBAL__: JSON.stringify(SERVER_PUBLIC_PATHS_GLOBAL),
      }),
      new ModuleFederationPlugin({
        name: app.name,
        ...(isHost
          ? { remotes: {} }
          : {
              filename: SERVER_ENTRY_FILE,
              exposes: exposesFor(app),
              library: { type: 'commonjs-module' },
              getPublicPath: `return (globalThis.${SERVER_PUBLIC_PATHS_GLOBAL} || {})[${JSON.stringify(app.name)}] || ''`,
            }),
        remoteType: 'script',
        shared: Object.fromEntries(
          singletons.map(({ request, version, requiredVersion }) => [
            request,
            { singleton: true, version, requiredVersion, ...(isHost ? { eager: true } : {}) },
          ]),
        ),
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: false,
        dts: false,
      }),
    ],
    optimization: { moduleIds: 'deterministic', minimize: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * Names a remote's server build in its browser build's mf-manifest.json, where Module Federation
 * keeps it (`metaData.ssrRemoteEntry`): the prerender finds it there, and a version published
 * without one is rendered in the browser only.
 */
export class ServerEntryPlugin {
  apply(compiler: Compiler) {
    if (isSharedFallbackBuild(compiler)) return;
    compiler.hooks.thisCompilation.tap('ServerEntryPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServerEntryPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          rewriteFederationFile(compilation, FEDERATION_MANIFEST, (manifest) => {
            manifest.metaData = {
              ...manifest.metaData,
              ssrRemoteEntry: { name: SERVER_ENTRY_FILE, path: '', type: 'commonjs-module' },
            };
          });
        },
      );
    });
  }
}
