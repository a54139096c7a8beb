// @ts-check
// An environment's prerender as it stands against its registry and shell build (read by `doctor`
// and after `use`), and how the CLI describes a prerender: one line, one warning a route.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_SHELL_BUILD, prerenderDir } from './prerender.mjs';
import { SUMMARY_FILE, templateHash } from './prerender-pages.mjs';
import { readRegistry } from './registry-file.mjs';

/** @typedef {import('./prerender.mjs').PrerenderSummary} PrerenderSummary */

/**
 * The environment's prerender as it stands against its registry and shell build: each public
 * route prerendered or not, and why. Read by `doctor`.
 *
 * @param {{ registryFile: string, outDir?: string, shellBuild?: string }} options
 * @returns {{ route: string, status: string, reason?: string }[] | string}  a string: no usable prerender at all, and why
 */
export function prerenderStatus({
  registryFile,
  outDir = prerenderDir(registryFile),
  shellBuild = DEFAULT_SHELL_BUILD,
}) {
  const file = join(outDir, SUMMARY_FILE);
  if (!existsSync(file))
    return `not prerendered (${outDir} has no ${SUMMARY_FILE}): run "npm run remotes -- prerender"`;
  /** @type {PrerenderSummary} */
  let summary;
  try {
    summary = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return `${file} is not valid JSON: run "npm run remotes -- prerender"`;
  }
  const templateFile = join(shellBuild, 'index.html');
  if (existsSync(templateFile) && templateHash(readFileSync(templateFile, 'utf8')) !== summary.template) {
    return `rendered for another shell build (${summary.renderedAt}): run "npm run remotes -- prerender"`;
  }
  const registry = readRegistry(registryFile);
  const changed = Object.entries(registry.remotes)
    .filter(([name, pin]) => pin && summary.pins?.[name] !== pin.entry)
    .map(([name]) => name);
  if (changed.length > 0) {
    return `rendered before ${changed.join(', ')} changed pin (${summary.renderedAt}): run "npm run remotes -- prerender"`;
  }
  return summary.routes;
}

/**
 * What the CLI prints of a prerender: a line for the whole, and one warning per route left to the browser.
 *
 * @param {Array<{ route: string, status: string, reason?: string }> | string} routes  or why there is no prerender
 * @param {string} outDir
 * @returns {{ info: string, warnings: string[] }}
 */
export function describePrerender(routes, outDir) {
  if (typeof routes === 'string') return { info: '', warnings: [`no route is prerendered: ${routes}`] };
  const done = routes.filter((route) => route.status === 'prerendered').length;
  return {
    info: `Prerendered ${done} of ${routes.length} public routes → ${relative(process.cwd(), outDir) || outDir}`,
    warnings: routes
      .filter((route) => route.status !== 'prerendered')
      .map((route) => `${route.route} stays client-rendered: ${route.reason ?? 'not rendered'}`),
  };
}
