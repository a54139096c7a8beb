import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { federationExperiments } from '../bundler-internals/federation-options.ts';
import { ExposeAssetsPlugin } from '../expose-assets-plugin.ts';
import { ExposeContractPlugin } from '../expose-contract-plugin.ts';
import { SHARED_FILES_PLACEHOLDER, ShellFilesPlugin } from '../shell-files-plugin.ts';
import { REMOTE_EXPOSES, type FixturePlugin } from './fixture-kinds.ts';

/**
 * The build of a copy of a rspack/test-fixtures app (compile-fixture.ts runs it with Rspack's CLI,
 * which loads TypeScript configs as the apps' builds do): the options of rspack.config.base.ts that
 * shape the chunk graph and the files the plugins read, with only the plugins under test.
 */
const PLUGINS: Record<FixturePlugin, () => RspackPluginInstance> = {
  ExposeAssetsPlugin: () => new ExposeAssetsPlugin(REMOTE_EXPOSES),
  ExposeContractPlugin: () => new ExposeContractPlugin(REMOTE_EXPOSES),
  ShellFilesPlugin: () => new ShellFilesPlugin(),
};

const { FIXTURE_KIND: kind, FIXTURE_ROOT: root, FIXTURE_PLUGINS = '' } = process.env;
if ((kind !== 'remote' && kind !== 'shell') || !root) {
  throw new Error('fixture-build.config.ts: FIXTURE_KIND (remote or shell) and FIXTURE_ROOT must be set');
}
const plugins = FIXTURE_PLUGINS.split(',')
  .filter(Boolean)
  .map((name) => {
    if (!(name in PLUGINS)) throw new Error(`fixture-build.config.ts: no plugin ${name} to build with`);
    return PLUGINS[name as FixturePlugin]();
  });

const singleton = (eager = false) => ({ singleton: true, version: '1.0.0', requiredVersion: '^1.0.0', eager });

/** What each fixture shares: like the shell, the host provides some eagerly, in its first chunk. */
const SHARED: Record<'remote' | 'shell', Record<string, ReturnType<typeof singleton>>> = {
  remote: {
    'ui-kit': singleton(),
    'http-lib': singleton(),
    'form-lib': singleton(),
    'app-shared/contract': singleton(),
  },
  shell: {
    'ui-kit': singleton(true),
    'app-shared/session-store': singleton(true),
    'http-lib': singleton(),
    'app-shared/api-client': singleton(),
  },
};

const isHost = kind === 'shell';

const config: Configuration = {
  context: root,
  mode: 'production',
  devtool: 'hidden-source-map',
  entry: isHost ? { main: './src/index.js' } : {},
  output: {
    path: join(root, 'dist'),
    publicPath: isHost ? '/' : 'auto',
    uniqueName: kind,
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    cssFilename: '[name].[contenthash:8].css',
    cssChunkFilename: '[name].[contenthash:8].css',
  },

  module: { rules: [{ test: /\.css$/, type: 'css/auto' }] },
  plugins: [
    ...(isHost
      ? [
          new rspack.HtmlRspackPlugin({
            template: join(root, 'index.html'),
            chunks: ['main'],
            templateParameters: { sharedFiles: SHARED_FILES_PLACEHOLDER },
          }),
        ]
      : []),
    new ModuleFederationPlugin({
      name: kind,
      ...(isHost
        ? { remotes: {}, manifest: false }
        : { filename: 'remoteEntry.js', exposes: REMOTE_EXPOSES, manifest: true }),
      shared: SHARED[kind],
      shareStrategy: 'loaded-first',
      dts: false,
      experiments: federationExperiments(isHost ? 'host' : 'remote', true),
    }),
    ...plugins,
  ],
  optimization: {
    moduleIds: 'deterministic',
    emitOnErrors: false,
    // The remotes' splitting, plus one common split: chart-lib, which one page imports and the
    // other loads on demand, in a chunk of both pages' (as the default cache group split shared
    // code before the remotes turned it off, and as any other cache group still may).
    ...(isHost
      ? {}
      : {
          splitChunks: {
            cacheGroups: { default: false, common: { test: /[\\/]chart-lib[\\/]/, minSize: 0, enforce: true } },
          },
        }),
  },
  performance: { hints: false },
  infrastructureLogging: { level: 'error' },
};

export default config;
