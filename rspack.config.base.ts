import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Compiler, type Configuration, type RuleSetRule } from '@rspack/core';

const workspaceRoot = dirname(fileURLToPath(import.meta.url));

export const API_PROXY_TARGET = process.env.DEVHUB_API_URL ?? 'http://localhost:4000';

interface PackageJson {
  name: string;
  version: string;
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/**
 * Exports of react-router that any app may use (declarative routing only: no data router).
 * The shell ships react-router cut down to these (production builds) instead of the whole
 * package. ESLint reads the same file and rejects any other import of react-router, so a
 * remote cannot rely on an export the shell does not ship; adding one means rebuilding the
 * shell before that remote ships (`npm run remotes -- doctor` reads the list from each manifest).
 */
export const REACT_ROUTER_EXPORTS: string[] = JSON.parse(
  readFileSync(join(workspaceRoot, 'react-router-exports.json'), 'utf8'),
) as string[];

/**
 * The one list of federation singletons. Every app builds with exactly this list, so the
 * shell and the remotes negotiate one React, one router, one store and one toaster.
 * The shared workspace package is shared per entry point (its package.json `exports`),
 * because consumers import its entries, never a barrel.
 */
interface SharedEntry {
  singleton: true;
  requiredVersion: string | false;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}

export function sharedSingletons(appDir: string, isProduction = false): Record<string, SharedEntry> {
  const appDeps = readPackageJson(appDir).dependencies ?? {};
  const sharedPkg = readPackageJson(join(workspaceRoot, 'shared'));
  const libraries: Array<[request: string, pkg: string]> = [
    ['react', 'react'],
    ['react/jsx-runtime', 'react'],
    ['react-dom', 'react-dom'],
    ['react-dom/client', 'react-dom'],
    ['react-router', 'react-router'],
    ['zustand', 'zustand'],
    ['react-hot-toast', 'react-hot-toast'],
    ['axios', 'axios'],
    ['react-hook-form', 'react-hook-form'],
  ];
  const entries: Array<[string, string]> = [
    ...libraries,
    ...Object.keys(sharedPkg.exports ?? {})
      .filter((sub) => !sub.endsWith('.css') && !sub.endsWith('.json'))
      .map((sub): [string, string] => [`${sharedPkg.name}/${sub.slice(2)}`, sharedPkg.name]),
  ];
  return Object.fromEntries(
    entries
      // An app that does not depend on a library neither provides nor consumes it.
      .filter(([, pkg]) => pkg in appDeps)
      .map(([request, pkg]): [string, SharedEntry] => [
        request,
        {
          singleton: true,
          requiredVersion: appDeps[pkg] ?? false,
          // MF's shared tree shaking is experimental and breaks dev builds, so production only.
          ...(request === 'react-router' && isProduction
            ? { treeShaking: { mode: 'runtime-infer', usedExports: REACT_ROUTER_EXPORTS } }
            : {}),
        },
      ]),
  );
}

/**
 * The shell's dev server can run against another environment's registry (`npm start --
 * --remotes staging`): it then serves that file as /remotes.json, and the local deploy
 * folder under /deploy/ for entries pinned to published versions.
 */
function registryMiddlewares() {
  const registryFile = process.env.DEVHUB_REGISTRY_FILE;
  const deployDir = join(workspaceRoot, '.deploy');
  const sendFile = (res: ServerResponse, file: string, type: string) => {
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' });
    createReadStream(file).pipe(res);
  };
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
  };
  return [
    ...(registryFile
      ? [
          {
            name: 'devhub-registry',
            path: '/remotes.json',
            middleware: (_req: IncomingMessage, res: ServerResponse) => sendFile(res, registryFile, 'application/json'),
          },
        ]
      : []),
    {
      name: 'devhub-deploy',
      path: '/deploy',
      middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const file = resolve(deployDir, `.${decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')}`);
        if (!file.startsWith(deployDir) || !existsSync(file) || !statSync(file).isFile()) return next();
        sendFile(res, file, types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
      },
    },
  ];
}

export interface AppOptions {
  /** Directory of the app (its package.json, src/, public/ and index.html live there). */
  dir: string;
  /** Federation container name: a JS identifier, also used as the CSS class prefix. */
  name: string;
  port: number;
  kind: 'host' | 'remote';
  /** Exposed page modules (remotes only). */
  exposes?: Record<string, string>;
  /** Runtime plugins (host only). */
  runtimePlugins?: string[];
  /** Values for `<%= name %>` placeholders in index.html. */
  templateParameters?: Record<string, string>;
  /**
   * Benchmark baseline: no federation; `alias` swaps the shell's remote loader for direct
   * imports of the remotes' exposed modules, so the same app ships as one bundle.
   */
  mono?: { alias: Record<string, string>; outputPath: string; entry: string };
}

function federationPlugin(options: AppOptions, dir: string, isProduction: boolean) {
  const { name, kind } = options;
  return new ModuleFederationPlugin({
    name,
    ...(kind === 'remote'
      ? { filename: 'remoteEntry.js', exposes: options.exposes ?? {}, manifest: true }
      : { remotes: {}, manifest: false }),
    shared: sharedSingletons(dir, isProduction),
    // Fetch a remote only when a route needs it: one remote down must not block startup.
    shareStrategy: 'loaded-first',
    runtimePlugins: options.runtimePlugins ?? [],
    // Types of exposed modules come from the typed contract in shared/ (see README).
    dts: false,
    // The federation runtime ships once, in the shell; remote entries use it instead of their own copy.
    // (In development a remote keeps its own runtime, so it also runs alone in its standalone frame.)
    experiments:
      kind === 'host'
        ? { provideExternalRuntime: true, optimization: { target: 'web' } }
        : {
            externalRuntime: isProduction,
            // A remote loads no other remote: its entry needs no remote-loading or manifest code.
            optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
          },
  });
}

/**
 * Rspack's federation plugin resolves the MF runtime packages with `require`, i.e. their CommonJS
 * builds, which cannot be tree-shaken: every shell and remote entry then carried all of the SDK
 * (Node loaders, manifest generation, option normalising). Their ES module builds sit beside
 * them, so every federation runtime file is swapped for its ES module twin (remote entries
 * 14–15 → 8–9 KiB gzip). A rule types the swapped files as ES modules, whatever their name says.
 */
const FEDERATION_CJS = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;

function esmTwin(file: string): string {
  const candidates = [file.replace(/\.cjs$/, '.js'), file.replace(/\.cjs$/, '.mjs')];
  return candidates.find((candidate) => existsSync(candidate)) ?? file;
}

function preferEsmFederationRuntime() {
  return new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS, (data) => {
    // Absolute requests (the runtime entry) are swapped before resolving, aliased ones after.
    if (data.createData?.resource) data.createData.resource = esmTwin(data.createData.resource);
    else data.request = esmTwin(data.request);
  });
}

const CONSUMED_SHARE = /^consume shared module \([^)]*\) (.+?)@[^@\s]* /;

/**
 * Fills each expose's `requires` in mf-manifest.json (a field of the manifest format that Rspack
 * leaves empty) with the shared modules the exposed module needs, so the shell can start loading
 * them together with the page instead of after it.
 */
class ExposeRequiresPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ExposeRequiresPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ExposeRequiresPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString()) as {
            exposes?: Array<{ name: string; requires?: string[] }>;
          };
          for (const expose of manifest.exposes ?? []) {
            const group = compilation.namedChunkGroups.get(`__federation_expose_${expose.name}`);
            const requires = new Set<string>();
            for (const chunk of group?.chunks ?? []) {
              for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
                const share = CONSUMED_SHARE.exec(module.identifier())?.[1];
                if (share) requires.add(share);
              }
            }
            expose.requires = [...requires].sort();
          }
          compilation.updateAsset('mf-manifest.json', new rspack.sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

export function createAppConfig(options: AppOptions): Configuration {
  const { dir, name, port, kind } = options;
  const isProduction = process.env.NODE_ENV === 'production';
  const pkg = readPackageJson(dir);
  const publicDir = join(dir, 'public');

  const scriptRule: RuleSetRule = {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !isProduction } },
      },
      env: { targets: 'chrome >= 111, firefox >= 113, safari >= 16.4' },
    },
    type: 'javascript/auto',
  };

  return {
    context: dir,
    mode: isProduction ? 'production' : 'development',
    devtool: isProduction ? 'source-map' : 'cheap-module-source-map',
    // A remote's production build is only its federation container; its standalone frame
    // (src/index.ts, index.html) is for its team's dev server.
    entry: kind === 'remote' && isProduction ? {} : { main: options.mono?.entry ?? './src/index.ts' },
    output: {
      path: options.mono?.outputPath ?? join(dir, 'dist'),
      // The shell serves deep links (/blog/…), so its assets are rooted; a remote is
      // deployed under any prefix (e.g. /remote-catalog/1.2.0/) and resolves its own.
      publicPath: kind === 'host' ? '/' : 'auto',
      uniqueName: name,
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      assetModuleFilename: isProduction ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      alias: options.mono?.alias ?? {},
    },
    module: {
      parser: { 'css/auto': { namedExports: false } },
      generator: {
        // Every class carries its app's name, so no stylesheet can match another app's markup.
        'css/auto': { localIdentName: `${name}__[local]--[hash:5]`, exportsConvention: 'camel-case-only' },
      },
      rules: [
        scriptRule,
        { test: /\.css$/, type: 'css/auto' },
        { test: FEDERATION_CJS, type: 'javascript/auto' },
        { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      ...(kind === 'remote' && isProduction
        ? []
        : [
            new rspack.HtmlRspackPlugin({
              template: join(dir, 'index.html'),
              minify: isProduction,
              templateParameters: options.templateParameters ?? {},
            }),
          ]),
      new rspack.DefinePlugin({
        __APP_NAME__: JSON.stringify(name),
        __APP_VERSION__: JSON.stringify(pkg.version),
      }),
      ...(existsSync(publicDir)
        ? [new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, to: '.', noErrorOnMissing: true }] })]
        : []),
      ...(options.mono ? [] : [federationPlugin(options, dir, isProduction), preferEsmFederationRuntime()]),
      ...(kind === 'remote' && !options.mono ? [new ExposeRequiresPlugin()] : []),
    ],
    optimization: {
      // Federation relies on stable module ids across separately built containers.
      moduleIds: isProduction ? 'deterministic' : 'named',
    },
    // Lazy compilation rebuilds on first request of each async chunk; federated chunks are requested
    // by other apps, and the shell would take those rebuilds for code changes and reload.
    lazyCompilation: false,
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    watchOptions: { ignored: ['**/node_modules/**', '**/dist/**'] },
    devServer: {
      port,
      host: 'localhost',
      hot: false,
      liveReload: true,
      // Every app runs its own router (a remote runs alone for its team), so deep links fall back to index.html.
      historyApiFallback: true,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Cache-Control': 'no-store',
      },
      proxy: [{ context: ['/api'], target: API_PROXY_TARGET, changeOrigin: true, xfwd: true }],
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      ...(kind === 'host' ? { setupMiddlewares: (middlewares) => [...registryMiddlewares(), ...middlewares] } : {}),
      static: false,
    },
  };
}

export const WORKSPACE_ROOT = resolve(workspaceRoot);
