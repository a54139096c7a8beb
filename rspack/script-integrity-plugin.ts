import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { Compiler } from '@rspack/core';

const PLUGIN = 'ScriptIntegrityPlugin';

/**
 * Gives each `<script src>` of a built HTML page that loads one of the build's own files its
 * `integrity` (sha384 of the file as written). The static server's Content-Security-Policy lists
 * these hashes: under 'strict-dynamic' a script the parser inserts runs only when its hash is
 * listed (scripts/lib/static-server-csp.mjs). Done on the files on disk, once every other plugin
 * has changed them.
 */
export class ScriptIntegrityPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise({ name: PLUGIN, stage: 50 }, async (compilation) => {
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      const pages = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => name.endsWith('.html'));
      for (const page of pages) {
        const file = join(outputPath, page);
        const html = await fs.readFile(file, 'utf8');
        const digests = new Map<string, string>();
        for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)) {
          if (!src || /^(?:[a-z]+:)?\/\//i.test(src)) continue;
          const path = join(outputPath, src.split(/[?#]/)[0] ?? '');
          const digest = createHash('sha384')
            .update(await fs.readFile(path))
            .digest('base64');
          digests.set(src, `sha384-${digest}`);
        }
        const marked = html.replace(
          /<script\b([^>]*)\ssrc="([^"]+)"([^>]*)>/g,
          (tag, before: string, src: string, after: string) => {
            const integrity = digests.get(src);
            if (!integrity || /\sintegrity=/.test(`${before} ${after}`)) return tag;
            return `<script${before} src="${src}" integrity="${integrity}"${after}>`;
          },
        );
        if (marked !== html) await fs.writeFile(file, marked);
      }
    });
  }
}
