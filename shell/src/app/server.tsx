// The shell's server renderer (built for Node by rspack/server-build.ts into shell/dist-server/):
// renders public routes to HTML with the pinned remotes' server builds, for the prerender
// (scripts/lib/prerender.mjs) to write where the shell is served. It is a federation host like
// the browser's shell: every singleton comes from here, so the shell and the remotes render
// with one React, one router and one session store.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { RouteTable } from '@devhub/contracts/routes';
import { exportNameOf, remoteOf, type AppRoute } from '@devhub/shared/remote-contract';
import { pageTitle } from '@devhub/shared/use-page-title';
import { prerenderedDocument, templateIsland } from '../features/prerender/document';
import { firstLoadPlan } from '../features/prerender/first-load-plan';
import { routesOfTables } from '../features/remotes/registry-routes';
import { createRemoteHost } from '../features/remotes/remote-host';
import { sharedFilesOf, type ShellBuild } from '../features/remotes/shell-record';
import { App } from './app';

/** The global each remote's server build reads its public folder from (named by rspack/server-build.ts). */
const PUBLIC_PATHS = __SERVER_PUBLIC_PATHS_GLOBAL__;

export interface ServerRemote {
  /** Its registry entry, as remotes.json pins it (recorded in the page). */
  pin: string;
  /** Its mf-manifest.json, as published. */
  manifest: unknown;
  /** Where the browser finds its files: the folder of its manifest, as the page would resolve it. */
  publicPath: string;
  /** Its server entry (a file: URL in the prerender's verified copy), or none if this version has no server build. */
  serverEntry?: string;
  /** Its manifest matched the digest its pin carries: its files load with the digests the manifest lists. */
  verified?: boolean;
  /** Why its manifest could not be read, if it could not: its routes stay client-rendered for that reason. */
  unavailable?: string;
  /** The routes its registry entry lists (none: those of its manifest, as for a dev server's entry). */
  routes?: RouteTable;
}

export interface PrerenderInput {
  /** The shell build's index.html. */
  template: string;
  /** The routes to render (default: every public route the registry lists). */
  routes?: string[];
  remotes: Partial<Record<string, ServerRemote>>;
  renderedAt: string;
}

export type PrerenderResult = { route: string; html: string } | { route: string; problem: string };

/** The routes of the pinned remotes, as the browser's shell builds them from the registry. */
function routesOf(remotes: PrerenderInput['remotes']): AppRoute[] {
  return routesOfTables(
    Object.fromEntries(
      Object.entries(remotes).map(([name, remote]) => [
        name,
        remote?.routes ?? (remote?.manifest as { routes?: RouteTable } | null | undefined)?.routes,
      ]),
    ),
  );
}

/** The routes rendered ahead of time: the public ones; account pages depend on the visitor. */
export function publicRoutes(remotes: PrerenderInput['remotes']): string[] {
  return routesOf(remotes)
    .filter((route) => route.access === 'public')
    .map((route) => route.path);
}

/**
 * The shell build a render's host is given: its own, not the browser's page. The host loads no
 * remote here (each page is adopted from a server build the prerender checked against the shell's
 * record, scripts/lib/prerender.mjs), so it vouches for none and hints no file.
 */
const SERVER_BUILD: ShellBuild = {
  record: 'the server renderer loads no remote through its host',
  sharedFiles: Promise.resolve({}),
};

/**
 * Remote entries are required from the prerender's verified copy of their version, on disk; the
 * runtime never fetches one (what it fetched would not be the bytes that were checked).
 */
const entriesOnDisk: ModuleFederationRuntimePlugin = {
  name: 'devhub-entries-on-disk',
  loadEntry({ remoteInfo }) {
    if (!remoteInfo.entry.startsWith('file:')) {
      throw new Error(`${remoteInfo.name}: its server entry is not a verified file (${remoteInfo.entry})`);
    }
    return createRequire(remoteInfo.entry)(fileURLToPath(remoteInfo.entry)) as never;
  },
};

function start(remotes: PrerenderInput['remotes']): void {
  const globals = globalThis as Record<string, unknown>;
  globals[PUBLIC_PATHS] = Object.fromEntries(
    Object.entries(remotes).map(([name, remote]) => [name, remote?.publicPath ?? '']),
  );
  // The runtime keeps one plugin of a name: registering it again each time changes nothing.
  registerPlugins([entriesOnDisk]);
  registerRemotes(
    Object.entries(remotes).flatMap(([name, remote]) =>
      remote?.serverEntry ? [{ name, entry: remote.serverEntry, type: 'commonjs-module' as const }] : [],
    ),
    { force: true },
  );
}

async function renderRoute(
  path: string,
  input: PrerenderInput,
  routes: AppRoute[],
  shellShared: Record<string, string[]>,
): Promise<PrerenderResult> {
  // Its own host: what one render loads and routes never leaks into another, nor into a browser's.
  const host = createRemoteHost(SERVER_BUILD);
  // The router renders from these, as the browser's does once it has read the registry.
  host.routes.setRoutes(routes);
  const route = routes.find((candidate) => candidate.path === path);
  if (!route || route.access !== 'public') return { route: path, problem: 'not a public route the registry lists' };
  const remote = remoteOf(route.module);
  const pinned = input.remotes[remote];
  if (pinned?.unavailable) return { route: path, problem: `${remote}: ${pinned.unavailable}` };
  if (!pinned?.serverEntry) return { route: path, problem: `${remote} has no server build in this version` };

  const module = await loadRemote<Record<string, unknown>>(route.module);
  const component = module?.[exportNameOf(route.module)];
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    return { route: path, problem: `${route.module} has no component named ${exportNameOf(route.module)}` };
  }
  host.adoptPage(route.module, component as never);

  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  const html = renderToString(
    <StrictMode>
      <App host={host} eagerToaster={false} Router={Router} renderedAt={input.renderedAt} />
    </StrictMode>,
  );
  const plan = firstLoadPlan(pinned, `./${exportNameOf(route.module)}`, shellShared);
  return {
    route: path,
    html: prerenderedDocument(input.template, {
      html,
      title: pageTitle(route.title),
      // The page's own stylesheets, from where the browser finds them.
      stylesheets: plan.files.styles.map((href) => ({ href, integrity: plan.files.integrity[href] })),
      firstLoad: plan,
      record: {
        route: path,
        pins: Object.fromEntries(Object.entries(input.remotes).map(([name, value]) => [name, value?.pin ?? ''])),
        renderedAt: input.renderedAt,
      },
    }),
  };
}

/**
 * Why a route failed, in one line and without a stack (the summary is public); an attempt the
 * render's sandbox refused (scripts/lib/render-sandbox.mjs: reading elsewhere, writing, spawning) says so.
 */
function problemOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message.split('\n')[0] ?? '';
  const { code, permission } = error as Error & { code?: unknown; permission?: unknown };
  if (code !== 'ERR_ACCESS_DENIED') return message;
  return `refused by the render's sandbox (${typeof permission === 'string' ? permission : 'access'}): ${message}`;
}

/**
 * Renders each route; a route that cannot be rendered (no server build, a remote that fails to
 * load or throws while rendering) comes back with the reason, to stay client-rendered.
 */
export async function prerender(input: PrerenderInput): Promise<PrerenderResult[]> {
  start(input.remotes);
  const routes = routesOf(input.remotes);
  // The shell's shared files, as its index.html lists them: read once for every page's plan (a
  // template without its island fails each route, named).
  let shellShared: Record<string, string[]> | Error;
  try {
    shellShared = sharedFilesOf(templateIsland(input.template));
  } catch (error) {
    shellShared = error instanceof Error ? error : new Error(String(error));
  }
  const results: PrerenderResult[] = [];
  for (const route of input.routes ?? publicRoutes(input.remotes)) {
    try {
      if (shellShared instanceof Error) throw shellShared;
      results.push(await renderRoute(route, input, routes, shellShared));
    } catch (error) {
      results.push({ route, problem: problemOf(error) });
    }
  }
  return results;
}
