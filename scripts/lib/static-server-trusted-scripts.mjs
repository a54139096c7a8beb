// @ts-check
// The scripts an HTML page of the static server may run: the served build's own, never what the
// page being served holds (a page blob anyone could write would vouch for itself). For a build,
// the hashes of its index.html's inline scripts and the integrity of the bundle it loads. For the
// shell's build, also the one script a prerendered page adds (shell/src/features/prerender/
// document.ts: the starter of first-paint.ts, made from index.html by the shell's server
// renderer; the page's other inline scripts are the template's, and its record a JSON island,
// which runs nothing). That starter is learnt from the shell's renderer itself, in the
// prerender's sandbox, by rendering a page around a stand-in remote whose page renders nothing.
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderInSandbox } from './render-sandbox.mjs';
import { scriptHashSources } from './static-server-csp.mjs';

const STAND_IN = fileURLToPath(new URL('./static-server-stand-in-page.cjs', import.meta.url));

/** How long the renderer may take to write the stand-in page (it loads the shell's renderer once). */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * The shell's server renderer built beside the browser build whose index.html is `template`
 * (rspack/server-build.ts writes it to dist-server/).
 *
 * @param {string} template
 */
export const rendererBeside = (template) => join(dirname(template), '..', 'dist-server', 'server.cjs');

/**
 * @typedef {object} TrustedScripts
 * @property {string} key          changes when the build does
 * @property {string[]} sources    the CSP sources of the scripts the build's pages run
 * @property {boolean} prerendered whether a prerendered page's starter is among them: if not, no
 *   prerendered page is served (the shell's own page renders the route instead)
 */

/** @param {Array<string | undefined>} files */
async function stampOf(files) {
  const stats = await Promise.all(files.map((file) => (file ? fs.stat(file).catch(() => null) : null)));
  return stats.map((stat) => (stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : '-')).join(' ');
}

/**
 * What the renderer is asked: one public route of a stand-in remote, whose page renders nothing.
 *
 * @param {string} template
 */
const standInInput = (template) => ({
  template,
  routes: ['/'],
  renderedAt: new Date(0).toISOString(),
  remotes: {
    catalog: {
      pin: 'stand-in',
      manifest: {},
      publicPath: '/',
      serverEntry: pathToFileURL(STAND_IN).href,
      routes: [{ expose: 'StandIn', layout: 'main', access: 'public', routes: [{ path: '/' }] }],
    },
  },
});

/**
 * The CSP sources of a prerendered page's scripts, as the shell's renderer writes the page.
 *
 * @param {string} renderer
 * @param {string} template
 * @param {number} timeoutMs
 * @returns {Promise<string[]>}
 */
async function prerenderedSources(renderer, template, timeoutMs) {
  const results = await renderInSandbox({
    shellServer: renderer,
    input: standInInput(template),
    timeoutMs,
    readable: [STAND_IN],
  });
  const [result] = Array.isArray(results) ? results : [];
  if (typeof result?.html === 'string') return scriptHashSources(result.html);
  throw new Error(typeof result?.problem === 'string' ? result.problem : 'it wrote no page');
}

/**
 * The scripts of a build, read again whenever its files change (a rebuild while the server runs).
 *
 * @param {{ template?: string, renderer?: string, timeoutMs?: number }} options  `template`: the
 *   build's index.html (none: no page runs any script); `renderer`: the shell's server renderer,
 *   for a server of prerendered pages
 * @returns {() => Promise<TrustedScripts>}
 */
export function trustedScripts({ template, renderer, timeoutMs = RENDER_TIMEOUT_MS }) {
  /** @type {{ key: string, value: Promise<TrustedScripts> } | undefined} */
  let current;

  /** @param {string} key @returns {Promise<TrustedScripts>} */
  async function compute(key) {
    const html = template ? await fs.readFile(template, 'utf8').catch(() => '') : '';
    const sources = new Set(scriptHashSources(html));
    if (!renderer || !html) return { key, sources: [...sources], prerendered: false };
    try {
      for (const source of await prerenderedSources(renderer, html, timeoutMs)) sources.add(source);
      return { key, sources: [...sources], prerendered: true };
    } catch (error) {
      const why = String(error instanceof Error ? error.message : error).replaceAll('\n', ' ');
      process.stderr.write(
        `[static] prerendered pages are not served: the script that starts them could not be had from ${renderer} (${why})\n`,
      );
      return { key, sources: [...sources], prerendered: false };
    }
  }

  return async function scripts() {
    const key = await stampOf([template, renderer]);
    if (current?.key !== key) current = { key, value: compute(key) };
    return current.value;
  };
}
