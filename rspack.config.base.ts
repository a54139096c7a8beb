import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import type { RemoteRouteTable } from '@devhub/shared/remote-contract';
import { readApp } from './rspack/app.ts';
import { ChunkIntegrityPlugin } from './rspack/chunk-integrity-plugin.ts';
import { CompatibilityRecordPlugin } from './rspack/compatibility-record-plugin.ts';
import { devServer } from './rspack/dev-server.ts';
import { esmFederationRuntime, esmFederationRuntimeRule } from './rspack/esm-federation-runtime.ts';
import { ExposeAssetsPlugin } from './rspack/expose-assets-plugin.ts';
import { ExposeContractPlugin } from './rspack/expose-contract-plugin.ts';
import { PrecompressPlugin } from './rspack/precompress-plugin.ts';
import { ScriptIntegrityPlugin } from './rspack/script-integrity-plugin.ts';
import { exposesFor, federationPlugin } from './rspack/federation.ts';
import { fastRefreshPlugins } from './rspack/fast-refresh.ts';
import { InlineScriptPlugin } from './rspack/inline-script-plugin.ts';
import { ShellFilesPlugin } from './rspack/shell-files-plugin.ts';
import { ServerEntryPlugin, serverConfig } from './rspack/server-build.ts';
import { sharedSingletons } from './rspack/shared-singletons.ts';

export interface AppConfigOptions {
  /** Values for `<%= name %>` placeholders in index.html. */
  templateParameters?: Record<string, string>;
  /**
   * Scripts index.html runs inline, each a module (relative to the app) bundled on its own into a
   * `<%= name %>` placeholder (rspack/inline-script-plugin.ts).
   */
  inlineScripts?: Record<string, string>;
  /** A remote: its route table (`src/app/routes.ts`), from which its exposes and the table in its manifest derive. */
  routes?: RemoteRouteTable;
}

/** The browsers every app's code is compiled for. */
export const BROWSER_TARGETS = 'chrome >= 111, firefox >= 113, safari >= 16.4';

/**
 * The one config factory every app's rspack.config.ts calls. What differs between apps comes from
 * the app's package.json (`devhub`: name, kind, port) and a remote's route table; the
 * pieces live in rspack/ (singletons, federation, compatibility record, dev server).
 */
export function createAppConfig(dir: string, options: AppConfigOptions = {}): Configuration {
  const app = { ...readApp(dir), ...(options.routes ? { routes: options.routes } : {}) };
  // Module Federation makes no container of a build that exposes nothing: say what to do instead.
  if (app.kind === 'remote' && app.routes?.length === 0) {
    throw new Error(
      `${app.packageName} has no page yet: add its first with "npm run new-page -- ${app.name} /<path> --title <title>"`,
    );
  }
  const isProduction = process.env.NODE_ENV === 'production';
  const isHost = app.kind === 'host';
  const singletons = sharedSingletons(app, isProduction);
  const publicDir = join(dir, 'public');
  const inlineScripts = Object.entries(options.inlineScripts ?? {}).map(
    ([name, module]) =>
      [
        name,
        new InlineScriptPlugin({ entry: join(dir, module), targets: BROWSER_TARGETS, minify: isProduction }),
      ] as const,
  );

  const scriptRule: RuleSetRule = {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        // Fast Refresh registers components in development (rspack/fast-refresh.ts); nothing of it in production.
        transform: { react: { runtime: 'automatic', development: !isProduction, refresh: !isProduction } },
      },
      env: { targets: BROWSER_TARGETS },
    },
    type: 'javascript/auto',
  };

  return {
    name: app.name,
    context: dir,
    mode: isProduction ? 'production' : 'development',
    // Production maps are written but never referenced from the code: deploys keep them beside the published files.
    devtool: isProduction ? 'hidden-source-map' : 'cheap-module-source-map',
    // A remote's production build is only its federation container; its standalone frame
    // (src/index.ts, index.html) is for its team's dev server.
    entry: !isHost && isProduction ? {} : { main: './src/index.ts' },
    output: {
      path: join(dir, 'dist'),
      // The shell serves deep links (/blog/…), so its assets are rooted; a remote is
      // deployed under any prefix (e.g. /remote-catalog/1.2.0/) and resolves its own.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: app.name,
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      assetModuleFilename: isProduction ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
      // In development the hot update files stay: a save the watcher sees as two changes builds twice,
      // and the page's request for the first update, held by the dev server until the second build is
      // out, must still find it (then applies the second); cleaned away, the page had to reload.
      clean: isProduction ? true : { keep: /\.hot-update\./ },
      // A remote's runtime loads its chunks and stylesheets CORS-mode, which Subresource Integrity
      // needs (and which every remote origin allows): its entry, checked by the shell, then checks them.
      ...(isHost ? {} : { crossOriginLoading: 'anonymous' as const }),
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
    module: {
      parser: { 'css/auto': { namedExports: false } },
      generator: {
        // Every class carries its app's name, so no stylesheet can match another app's markup.
        'css/auto': { localIdentName: `${app.name}__[local]--[hash:5]`, exportsConvention: 'camel-case-only' },
      },
      rules: [
        scriptRule,
        { test: /\.css$/, type: 'css/auto' },
        esmFederationRuntimeRule,
        { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      ...(!isHost && isProduction
        ? []
        : [
            new rspack.HtmlRspackPlugin({
              template: join(dir, 'index.html'),
              // The page runs the app's own entry. A remote's container entry is for hosts: beside
              // `main` it is a second webpack runtime under the same uniqueName, whose hot update
              // callback takes every update chunk, so `main`'s updates never arrived.
              chunks: ['main'],
              minify: isProduction,
              templateParameters: (defaults) => ({
                ...defaults,
                ...options.templateParameters,
                ...Object.fromEntries(inlineScripts.map(([name, plugin]) => [name, plugin.text])),
              }),
            }),
          ]),
      new rspack.DefinePlugin({
        __APP_NAME__: JSON.stringify(app.name),
        __APP_VERSION__: JSON.stringify(app.version),
      }),
      ...(existsSync(publicDir)
        ? [new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, to: '.', noErrorOnMissing: true }] })]
        : []),
      ...inlineScripts.map(([, plugin]) => plugin),
      federationPlugin(app, singletons, isProduction),
      esmFederationRuntime(),
      ...(isHost
        ? [new ShellFilesPlugin()]
        : [new ExposeContractPlugin(exposesFor(app)), new ExposeAssetsPlugin(exposesFor(app))]),
      new CompatibilityRecordPlugin({ app, singletons }),
      // A remote's entry carries the sha384 of each chunk it loads: an entry the shell verified
      // against its pin loads only the chunks published with it.
      ...(!isHost && isProduction ? [new ChunkIntegrityPlugin()] : []),
      ...(isProduction ? [new ScriptIntegrityPlugin(), new PrecompressPlugin()] : fastRefreshPlugins()),
    ],
    optimization: {
      // Federation relies on stable module ids across separately built containers.
      moduleIds: isProduction ? 'deterministic' : 'named',
      // A build with errors (a syntax error being typed) emits nothing, in development too: the hot
      // update of the fix then starts from the build the page runs, and applies in place (an update
      // from the broken build, which the page never applied, is one the page cannot ask for).
      emitOnErrors: false,
      // A remote's page arrives as one chunk of its own code: code two pages share is not split
      // into a chunk of its own, which would cost each page's first view a request (the budget
      // test counts them). Whether it was split used to depend on its size crossing minSize.
      ...(isHost ? {} : { splitChunks: { cacheGroups: { default: false } } }),
    },
    // Lazy compilation rebuilds on first request of each async chunk; federated chunks are requested
    // by other apps, and the shell would take those rebuilds for code changes and reload.
    lazyCompilation: false,
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    watchOptions: { ignored: ['**/node_modules/**', '**/dist/**'] },
    devServer: devServer(app),
  };
}

/**
 * What an app's rspack.config.ts exports: its browser build, and for production its server build
 * too (the pages rendered ahead of time, rspack/server-build.ts).
 */
export function createAppConfigs(dir: string, options: AppConfigOptions = {}): Configuration[] {
  const client = createAppConfig(dir, options);
  if (process.env.NODE_ENV !== 'production') return [client];
  const app = { ...readApp(dir), ...(options.routes ? { routes: options.routes } : {}) };
  if (app.kind === 'remote') client.plugins = [...(client.plugins ?? []), new ServerEntryPlugin()];
  return [client, serverConfig(client, app, sharedSingletons(app, false))];
}
