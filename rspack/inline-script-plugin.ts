import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rspack, type Compiler, type Stats } from '@rspack/core';

/** Its name, which federation's shared fallback builds are told to leave out (rspack/federation.ts). */
export const INLINE_SCRIPT_PLUGIN = 'InlineScriptPlugin';
const PLUGIN = INLINE_SCRIPT_PLUGIN;
const FILE = 'inline.js';

/**
 * A script a page runs inline, ahead of its bundle (the shell's head script): a real module,
 * bundled by a compilation of its own into one self-contained function, and handed to index.html
 * as a template parameter (`text`). Not an entry of the app's build: every entry there gets the
 * federation runtime, chunk loading and, in development, Fast Refresh and the hot client, none of
 * which can run before the page's bundle. Built as the app's compilation starts, again only when
 * one of its files changed; an error in it is an error of the app's build.
 */
export class InlineScriptPlugin {
  readonly #entry: string;
  readonly #targets: string;
  readonly #minify: boolean;
  #text: string | undefined;
  #problem: string | undefined;
  #files = new Set<string>();

  constructor(options: { entry: string; targets: string; minify: boolean }) {
    this.#entry = options.entry;
    this.#targets = options.targets;
    this.#minify = options.minify;
  }

  /** The script, written so that it cannot close the element it goes in. */
  get text(): string {
    return this.#text ?? '';
  }

  apply(compiler: Compiler) {
    compiler.hooks.beforeCompile.tapPromise(PLUGIN, async () => {
      const changed = [...(compiler.modifiedFiles ?? [])].some((file) => this.#files.has(file));
      if (this.#text === undefined || this.#problem !== undefined || changed) await this.#build();
    });
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.fileDependencies.addAll(this.#files);
      if (this.#problem !== undefined) {
        compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: ${this.#entry}: ${this.#problem}`));
      }
    });
  }

  async #build(): Promise<void> {
    const out = mkdtempSync(join(tmpdir(), 'devhub-inline-script-'));
    const compiler = rspack({
      context: dirname(this.#entry),
      mode: 'production',
      target: 'web',
      entry: { inline: this.#entry },
      devtool: false,
      output: { path: out, filename: FILE, iife: true },
      resolve: { extensions: ['.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]s$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: this.#targets } },
            type: 'javascript/auto',
            // The app's modules import one another without extensions, its .js files too.
            resolve: { fullySpecified: false },
          },
        ],
      },
      optimization: { minimize: this.#minify, splitChunks: false, runtimeChunk: false },
      performance: { hints: false },
      infrastructureLogging: { level: 'error' },
    });
    // Read from the compilation, never written: the script lives in index.html only.
    let text: string | undefined;
    compiler.hooks.shouldEmit.tap(PLUGIN, (compilation) => {
      text = compilation.getAsset(FILE)?.source.source().toString();
      this.#files = new Set(compilation.fileDependencies);
      return false;
    });
    try {
      const stats = await new Promise<Stats | undefined>((resolve, reject) =>
        compiler.run((error, result) => (error ? reject(error) : resolve(result))),
      );
      const errors = stats?.toJson({ all: false, errors: true }).errors ?? [];
      if (errors.length > 0 || text === undefined) {
        this.#problem = errors.map((error) => error.message).join('\n') || 'no script came out';
        return;
      }
      this.#problem = undefined;
      this.#text = text.trim().replaceAll('</', '<\\/');
    } finally {
      await new Promise<void>((resolve) => compiler.close(() => resolve()));
      rmSync(out, { recursive: true, force: true });
    }
  }
}
