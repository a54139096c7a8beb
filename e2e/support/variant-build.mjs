// A production build of a variant of the workspace (a temporary copy with a few edits), for the
// few browser tests whose point is what the bundler makes of changed sources (a remote built
// against another @devhub/shared, a page scaffolded by `new-page`). Each is built at most once per
// state of its sources: it is kept in e2e/.cache/variants/<name>-<hash>/ (scripts/test/build-cache.mjs),
// the hash taken over the files a build of the app reads and the recipe, so a run with unchanged
// sources builds nothing.
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, API } from '../../scripts/lib/apps.mjs';
import { cachedBuild, sourcesHash } from '../../scripts/test/build-cache.mjs';
import { copyWorkspace } from '../../scripts/lib/workspace-copy.mjs';
import { ROOT } from './stack.mjs';

export const VARIANTS_DIR = join(ROOT, 'e2e', '.cache', 'variants');

/**
 * What no production build of `app` reads: the browser tests, the benchmark, tests, docs, and the
 * folders of the other apps (each app is built alone, from its folder and what it imports).
 *
 * @param {string} app
 */
function ignoredBy(app) {
  const others = [...APPS, API].map(({ dir }) => `${dir}/`).filter((dir) => dir !== `${app}/`);
  return (/** @type {string} */ file) =>
    ['e2e/', 'bench/', ...others].some((prefix) => file.startsWith(prefix)) || /\.test\.[cm]?[jt]sx?$|\.md$/.test(file);
}

/**
 * @template {Record<string, unknown>} Meta
 * @typedef {object} Variant
 * @property {string} dist  the variant's build (its dist/, source maps included, and a shell's
 *   dist-server/ beside it); never edit it
 * @property {Meta} meta  what the recipe returned when the variant was built
 * @property {boolean} built  whether this call built it (false: it came from the cache)
 */

/**
 * The production build of `app` in a copy of the workspace that `edit` changed: from the cache
 * when the sources and the recipe are those it was built from, else built now and kept.
 *
 * @template {Record<string, unknown>} Meta
 * @param {{ name: string, app: string, edit: (copy: import('../../scripts/lib/workspace-copy.mjs').WorkspaceCopy) => Meta | Promise<Meta>, inputs?: unknown }} variant
 *   `name`: a kebab-case name for the folder; `app`: the folder of the app to build; `edit`: changes
 *   the copy (its returned record is kept with the build); `inputs`: the values `edit` reads from
 *   outside itself, which its code does not show
 * @returns {Promise<Variant<Meta>>}
 */
export async function variantBuild({ name, app, edit, inputs = null }) {
  const recipe = `${app}\0${edit.toString()}\0${JSON.stringify(inputs)}`;
  const { dir, meta, built } = await cachedBuild({
    cacheDir: VARIANTS_DIR,
    name,
    hash: sourcesHash({ root: ROOT, recipe, ignored: ignoredBy(app) }),
    make: async (staging) => {
      const copy = copyWorkspace();
      try {
        const record = await edit(copy);
        const dist = await copy.build(app);
        cpSync(dist, join(staging, 'dist'), { recursive: true });
        // The shell's server renderer, built beside its browser build: kept beside it, where it is looked for.
        const server = join(dist, '..', 'dist-server');
        if (existsSync(server)) cpSync(server, join(staging, 'dist-server'), { recursive: true });
        return record;
      } finally {
        copy.remove();
      }
    },
  });
  return { dist: join(dir, 'dist'), meta, built };
}
