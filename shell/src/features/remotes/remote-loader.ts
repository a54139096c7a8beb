import type { ComponentType } from 'react';
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkCompatibility, describeProblem, type CompatibilityProblem } from '@devhub/contracts/compatibility';
import {
  REMOTE_NAMES,
  exportNameOf,
  remoteOf,
  type PagePropsOf,
  type RemoteModuleId,
  type RemoteModules,
  type RemoteName,
} from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { MANIFEST_TIMEOUT_MS, ManifestError, getManifest } from './manifests';
import { OVERRIDE_PARAM, collectOverrides, type Overrides, type RefusedOverride } from './overrides';
import { fetchRegistry, type Registry } from './registry';
import { setRegistryState, statusOf, updateStatus } from './remote-status';
import { shellRecord } from './shell-record';

/**
 * The one path from a route to a remote page: the registry (read once, with a timeout), the
 * remotes registered with the federation runtime (overrides applied there), the remote's manifest
 * (read once, checked against this shell build before any of the remote's code runs), then the
 * page's module, kept in the one cache of loaded pages.
 */

export type PageComponent<K extends RemoteModuleId> = ComponentType<PagePropsOf<K>>;

/** A remote build this shell build cannot run: the reasons, in Vietnamese, for the page's slot. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

export interface StartOptions {
  /** Overrides from the URL or storage the registry does not allow: the shell tells the visitor. */
  onRefusedOverrides?: (refused: RefusedOverride[]) => void;
  /** How long to wait for remotes.json (and for each manifest) before explaining that it did not come. */
  timeoutMs?: number;
}

let options: StartOptions = {};
let registry: Promise<Registry> | undefined;
let registryFailed = false;
/** The manifest URL each remote is registered with (its override, if any). */
const entries = new Map<RemoteName, string>();

function register(pinned: Registry, overrides: Overrides): void {
  const remotes = REMOTE_NAMES.map((name) => {
    // The runtime needs absolute URLs; relative entries are resolved against the shell's page.
    const pin = new URL(pinned.remotes[name]?.entry ?? '', window.location.href).href;
    const override = overrides[name];
    entries.set(name, override ?? pin);
    updateStatus(name, { entry: pin, override });
    return { name, entry: override ?? pin };
  });
  // `force`: a registry read again (a retry) replaces what the runtime knew, failures included.
  registerRemotes(remotes, { force: true });
}

async function readRegistry(fresh: boolean): Promise<Registry> {
  setRegistryState({ state: 'loading' });
  registryFailed = false;
  try {
    const pinned = await fetchRegistry({ fresh, timeoutMs: options.timeoutMs });
    const overrides = collectOverrides(window.location.search, REMOTE_NAMES, pinned.allowedOverrideOrigins);
    if (overrides.fromUrl) {
      // The override is remembered in localStorage; the URL goes back to what the visitor shares.
      const url = new URL(window.location.href);
      url.searchParams.delete(OVERRIDE_PARAM);
      window.history.replaceState(window.history.state, '', url);
    }
    register(pinned, overrides.accepted);
    if (overrides.refused.length > 0) options.onRefusedOverrides?.(overrides.refused);
    setRegistryState({ state: 'ready', environment: pinned.environment });
    if (process.env.NODE_ENV === 'development') {
      void import('./remote-live-reload').then(({ reloadOnRemoteRebuild }) =>
        reloadOnRemoteRebuild([...entries.values()]),
      );
    }
    return pinned;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[shell] remotes.json: ${message}`);
    setRegistryState({ state: 'failed', error: message });
    registryFailed = true;
    throw new Error(SHELL_TEXT.remote.registryFailed(message), { cause: error });
  }
}

/** Reads the registry and registers the remotes; pages wait for it, the chrome never does. */
export function startRemotes(startOptions: StartOptions = {}): void {
  options = startOptions;
  registry ??= readRegistry(false);
  registry.catch(() => undefined);
}

/** The registry, read again if it failed and this is a retry. */
function registryReady(fresh: boolean): Promise<Registry> {
  if (!registry || (fresh && registryFailed)) registry = readRegistry(fresh);
  return registry;
}

function vietnamese(problem: CompatibilityProblem): string {
  const { kind, remote, dependency, needs, provides } = problem;
  const text = SHELL_TEXT.compatibility;
  if (kind === 'record') return text.record(remote, provides);
  if (kind === 'expose') return text.expose(remote, dependency);
  if (kind === 'export') {
    return needs === '*'
      ? text.exportAll(remote, dependency, provides)
      : text.exportMissing(remote, dependency, needs, provides);
  }
  return text.needs(remote, dependency, needs, provides);
}

/** The manifest of a remote, or why it could not be read, in Vietnamese. */
async function manifestOf(entry: string, fresh: boolean) {
  try {
    return await getManifest(entry, { fresh, timeoutMs: options.timeoutMs });
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    const { url, failure } = error;
    const text = SHELL_TEXT.manifest;
    switch (failure.kind) {
      case 'timeout':
        throw new Error(text.timeout(url, (options.timeoutMs ?? MANIFEST_TIMEOUT_MS) / 1000), { cause: error });
      case 'status':
        throw new Error(text.httpStatus(url, failure.status), { cause: error });
      case 'not-json':
        throw new Error(text.notJson(url), { cause: error });
      default:
        throw new Error(text.unreachable(url), { cause: error });
    }
  }
}

/** Reads the remote's manifest and refuses a build this shell cannot run, before any of its code runs. */
async function checkedEntry(remote: RemoteName, fresh: boolean): Promise<string> {
  await registryReady(fresh);
  const entry = entries.get(remote) ?? '';
  const { json } = await manifestOf(entry, fresh);
  const buildInfo = (json as { metaData?: { buildInfo?: { buildVersion?: string; buildHash?: string } } })?.metaData
    ?.buildInfo;
  const shell = shellRecord();
  const problems =
    typeof shell === 'string'
      ? [{ kind: 'record' as const, remote: 'shell', dependency: '', needs: '', provides: shell }]
      : checkCompatibility(remote, shell, (json as Record<string, unknown> | null)?.compatibility);
  updateStatus(remote, {
    version: buildInfo?.buildVersion,
    buildHash: buildInfo?.buildHash,
    problems: problems.map(vietnamese),
  });
  if (problems.length > 0) {
    console.error(
      `[shell] ${remote} was not run: its build does not fit this shell build\n  ${problems.map(describeProblem).join('\n  ')}`,
    );
    throw new IncompatibleRemoteError(problems.map(vietnamese));
  }
  return entry;
}

async function importPage<K extends RemoteModuleId>(id: K, fresh: boolean): Promise<PageComponent<K>> {
  const remote = remoteOf(id);
  const startedAt = performance.now();
  updateStatus(remote, { state: statusOf(remote).state === 'loaded' ? 'loaded' : 'loading', error: undefined });
  try {
    const entry = await checkedEntry(remote, fresh);
    // A retry drops what the runtime cached for the remote (a failed entry script included).
    if (fresh) registerRemotes([{ name: remote, entry }], { force: true });
    const module = await loadRemote<RemoteModules[K]>(id);
    const exportName = exportNameOf(id);
    const component = (module as Record<string, unknown> | null | undefined)?.[exportName];
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
      throw new Error(SHELL_TEXT.remote.badExport(id, exportName));
    }
    updateStatus(remote, { state: 'loaded', loadMs: Math.round(performance.now() - startedAt) });
    return component as PageComponent<K>;
  } catch (error) {
    updateStatus(remote, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

interface CachedPage {
  promise: Promise<ComponentType<never>>;
  component?: ComponentType<never>;
}

const pages = new Map<RemoteModuleId, CachedPage>();

/**
 * A remote page's component, loaded once. `fresh` (a retry) reads the registry again if it had
 * failed, and the remote's manifest and entry again; a failure is never kept.
 */
export function loadPage<K extends RemoteModuleId>(id: K, { fresh = false } = {}): Promise<PageComponent<K>> {
  let cached = fresh ? undefined : pages.get(id);
  if (!cached) {
    const page: CachedPage = { promise: importPage(id, fresh) as Promise<ComponentType<never>> };
    page.promise.then(
      (component) => {
        page.component = component;
      },
      () => {
        if (pages.get(id) === page) pages.delete(id);
      },
    );
    pages.set(id, page);
    cached = page;
  }
  return cached.promise as unknown as Promise<PageComponent<K>>;
}

/** The page's component if it has already loaded: a page visited again shows at once. */
export function loadedPage<K extends RemoteModuleId>(id: K): PageComponent<K> | undefined {
  return pages.get(id)?.component as PageComponent<K> | undefined;
}

/** Reads a remote's manifest and checks it, without loading it: what the remotes panel shows of every remote. */
export function inspectRemote(remote: RemoteName): Promise<void> {
  return checkedEntry(remote, false).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Downloads a page's code without running it (a link hovered, the browser idle). Only once the
 * registry is in, and only for a remote that fits this shell.
 */
export async function preloadPage(id: RemoteModuleId): Promise<void> {
  const remote = remoteOf(id);
  if (!registry || registryFailed || statusOf(remote).state === 'failed') return;
  await checkedEntry(remote, false);
  await preloadRemote([{ nameOrAlias: remote, exposes: [`./${exportNameOf(id)}`], resourceCategory: 'all' }]);
}
