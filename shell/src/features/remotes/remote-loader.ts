import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkCompatibility, describeProblem } from '@devhub/contracts/compatibility';
import {
  REMOTE_NAMES,
  exportNameOf,
  remoteOf,
  type RemoteModuleId,
  type RemoteName,
} from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { compatibilityText } from './compatibility-text';
import { createTrust, firstMismatch } from './integrity';
import { manifestFailure } from './manifest-failure';
import { ManifestError } from './manifests';
import { filesWithinPolicy, type OverridePolicy } from './override-origins';
import type { Overrides } from './overrides';
import { takeOverrides } from './page-overrides';
import { expectationOf, type PinExpectation } from './pin-expectation';
import { fetchRegistry, type Registry } from './registry';
import { IncompatibleRemoteError, TamperedRemoteError } from './remote-errors';
import type { LoaderContext, PageComponent, RemoteFileReaders, RemoteLoader } from './remote-loader-types';

// The one path from a route to a remote page: the registry (read once, with a timeout, the
// overrides the visitor confirmed applied), the remote's manifest (read once, checked against its
// pin and this shell build), the remote's entry registered with the federation runtime only once it
// passed (so no code of a remote this shell cannot run is ever fetched by the runtime), then the
// page's module, kept in the host's cache of loaded pages. Its state lives in the loader the remote host creates (remote-host.ts).

type RemoteEntryType = Extract<Parameters<typeof registerRemotes>[0][number], { entry: string }>['type'];

interface CachedPage {
  promise: Promise<ComponentType<never>>;
  component?: ComponentType<never>;
}

/** The loader of one remote host: every store below is its own, none is shared with another host. */
export function createRemoteLoader({ build, options, status, getManifest, boot }: LoaderContext): RemoteLoader {
  const { statusOf, updateStatus, setRegistryState } = status;
  const trust = createTrust();
  let registry: Promise<Registry> | undefined;
  let registryFailed = false;
  /** The manifest URL of each remote (its override, if any). */
  const entries = new Map<RemoteName, string>();
  /** The entry script each remote is registered with in the federation runtime. */
  const registered = new Map<RemoteName, string>();
  /** What each remote's manifest must be (pin-expectation.ts). */
  const expectations = new Map<RemoteName, PinExpectation>();
  let pluginRegistered = false;
  /** Where an override may load anything from (the registry's allow-list and environment). */
  let overridePolicy: OverridePolicy = { allowedOrigins: [], environment: '' };
  const pages = new Map<RemoteModuleId, CachedPage>();
  /**
   * The warm-up's copy of remote-files.js, so the page carries it once; a host without one (the
   * server renderer, a test, a page without the warm-up) loads the module, from the start.
   */
  const readers: Promise<RemoteFileReaders> = boot?.files ? Promise.resolve(boot.files) : import('./remote-files.js');

  function pinEntries(pinned: Registry, overrides: Overrides): void {
    for (const name of REMOTE_NAMES) {
      // Relative entries are resolved against the shell's page.
      const pinnedRemote = pinned.remotes[name];
      const pin = new URL(pinnedRemote?.entry ?? '', window.location.href).href;
      const override = overrides[name];
      entries.set(name, override ?? pin);
      expectations.set(name, expectationOf(pinnedRemote, pinned.environment, override !== undefined));
      updateStatus(name, { entry: pin, override });
    }
  }

  async function readRegistry(fresh: boolean): Promise<Registry> {
    setRegistryState({ state: 'loading' });
    registryFailed = false;
    // The warm-up's request serves the first read only: a retry goes to the network.
    const warm = fresh ? undefined : boot?.registry;
    if (boot) boot.registry = undefined;
    try {
      const pinned = await fetchRegistry({ warm, timeoutMs: options.timeoutMs });
      const overrides = takeOverrides(pinned, status, options.onRefusedOverrides);
      overridePolicy = overrides.policy;
      pinEntries(pinned, overrides.accepted);
      setRegistryState({ state: 'ready', environment: pinned.environment });
      return pinned;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[shell] remotes.json: ${message}`);
      setRegistryState({ state: 'failed', error: message });
      registryFailed = true;
      throw new Error(SHELL_TEXT.remote.registryFailed(message), { cause: error });
    }
  }

  function registryReady(fresh: boolean): Promise<Registry> {
    if (!registry || (fresh && registryFailed)) registry = readRegistry(fresh);
    return registry;
  }

  /** The manifest of a remote, checked against its pin, or why it could not be read, in Vietnamese. */
  async function manifestOf(remote: RemoteName, entry: string, fresh: boolean) {
    const expected = expectations.get(remote) ?? { required: false };
    if (expected.required && !expected.integrity) {
      updateStatus(remote, { integrity: 'failed', mismatch: { file: entry, expected: '—' } });
      throw new TamperedRemoteError(SHELL_TEXT.manifest.noDigest(entry));
    }
    try {
      return await getManifest(entry, {
        fresh,
        timeoutMs: options.timeoutMs,
        integrity: expected.integrity,
        // An override's manifest must answer from where it was allowed: a redirect could lead off the list.
        redirect: statusOf(remote).override ? 'error' : undefined,
      });
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      throw manifestFailure(remote, error, updateStatus, options.timeoutMs);
    }
  }

  /**
   * Reads the remote's manifest, refuses a build this shell cannot run, and registers the entry of
   * one it can: what the runtime may load, and the manifest it came from.
   */
  async function checkedRemote(remote: RemoteName, fresh: boolean) {
    await registryReady(fresh);
    const manifestUrl = entries.get(remote) ?? '';
    const { json, verified } = await manifestOf(remote, manifestUrl, fresh);
    const { filesBase, remoteFiles } = await readers;
    if (verified) {
      trust.trustRemote(remote, json.metaData.integrity, filesBase(json, manifestUrl));
    } else {
      trust.distrustRemote(remote);
    }
    if (!pluginRegistered) {
      // Inside the loader: every script and stylesheet the runtime creates for a remote goes through it.
      registerPlugins([trust.plugin()]);
      pluginRegistered = true;
    }
    const { buildInfo } = json.metaData;
    const shell = build.record;
    const problems =
      typeof shell === 'string'
        ? [{ kind: 'record' as const, remote: 'shell', dependency: '', needs: '', provides: shell }]
        : checkCompatibility(remote, shell, json.compatibility);
    updateStatus(remote, {
      version: buildInfo?.buildVersion,
      buildHash: buildInfo?.buildHash,
      problems: problems.map(compatibilityText),
      integrity: verified ? 'verified' : 'unverified',
      mismatch: undefined,
    });
    if (problems.length > 0) {
      console.error(
        `[shell] ${remote} was not run: its build does not fit this shell build\n  ${problems.map(describeProblem).join('\n  ')}`,
      );
      throw new IncompatibleRemoteError(problems.map(compatibilityText));
    }
    const { entry } = remoteFiles(json, manifestUrl);
    if (!entry) throw new Error(SHELL_TEXT.manifest.noEntry(manifestUrl));
    if (
      statusOf(remote).override &&
      !filesWithinPolicy(json, manifestUrl, { filesBase, remoteFiles }, overridePolicy)
    ) {
      throw new Error(SHELL_TEXT.overrides.offList(remote));
    }
    // `force` on a retry: the runtime drops what it cached of the remote, a failed entry script included.
    if (fresh || registered.get(remote) !== entry.url) {
      registerRemotes(
        [{ name: remote, entry: entry.url, type: entry.type as RemoteEntryType, entryGlobalName: entry.globalName }],
        { force: true },
      );
      registered.set(remote, entry.url);
    }
    return { manifestUrl, json };
  }

  /**
   * Checks the page's remote, then has the browser fetch everything the page needs at once instead
   * of one step after another (entry, page, then what the page imports): the remote's entry, the
   * page's files and the shared modules it imports (see pageFiles). The first page's were hinted by
   * index.html's warm-up already; this is for the pages after it.
   */
  async function startPage(id: RemoteModuleId, fresh: boolean, speculative = false): Promise<void> {
    const { manifestUrl, json } = await checkedRemote(remoteOf(id), fresh);
    const remote = remoteOf(id);
    const { hintRemoteFiles, pageFiles } = await readers;
    const shellShared = await build.sharedFiles;
    hintRemoteFiles(
      pageFiles(json, manifestUrl, `./${exportNameOf(id)}`, shellShared, statusOf(remote).integrity === 'verified'),
      speculative,
    );
  }

  async function importPage<K extends RemoteModuleId>(id: K, fresh: boolean): Promise<PageComponent<K>> {
    const remote = remoteOf(id);
    const startedAt = performance.now();
    updateStatus(remote, { state: statusOf(remote).state === 'loaded' ? 'loaded' : 'loading', error: undefined });
    try {
      await startPage(id, fresh);
      const module = await loadRemote<Record<string, unknown>>(id);
      const exportName = exportNameOf(id);
      const component = (module as Record<string, unknown> | null | undefined)?.[exportName];
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
        throw new Error(SHELL_TEXT.remote.badExport(id, exportName));
      }
      updateStatus(remote, { state: 'loaded', loadMs: Math.round(performance.now() - startedAt) });
      return component as PageComponent<K>;
    } catch (error) {
      const tampered = statusOf(remote).integrity === 'verified' ? await tamperedFile(id) : undefined;
      const failure = tampered ? new TamperedRemoteError(SHELL_TEXT.remote.tampered(remote), { cause: error }) : error;
      updateStatus(remote, { state: 'failed', error: failure instanceof Error ? failure.message : String(failure) });
      throw failure;
    }
  }

  /**
   * After a verified remote's page failed to load: the first of its files (entry, the page's
   * scripts and stylesheets) whose bytes are not those its manifest lists, if one is why. Read
   * again only to name it in the remotes panel: the browser already refused to run it.
   */
  async function tamperedFile(id: RemoteModuleId): Promise<string | undefined> {
    const remote = remoteOf(id);
    const manifestUrl = entries.get(remote) ?? '';
    let files;
    try {
      const { json } = await manifestOf(remote, manifestUrl, false);
      files = (await readers).pageFiles(json, manifestUrl, `./${exportNameOf(id)}`, {});
    } catch {
      return undefined;
    }
    const urls = [...(files.entry ? [files.entry.url] : []), ...files.scripts, ...files.styles];
    const mismatch = await firstMismatch(urls, (url) => trust.listedDigest(url));
    if (!mismatch) return undefined;
    updateStatus(remote, { integrity: 'failed', mismatch });
    console.error(`[shell] ${remote} was not run: ${mismatch.file} does not match its digest`);
    return mismatch.file;
  }

  return {
    startRemotes() {
      registry ??= readRegistry(false);
      registry.catch(() => undefined);
    },
    async pinnedEntries() {
      let pinned: Registry;
      try {
        pinned = await registryReady(false);
      } catch {
        return undefined;
      }
      if (REMOTE_NAMES.some((name) => statusOf(name).override)) return undefined;
      return Object.fromEntries(
        REMOTE_NAMES.flatMap((name) => (pinned.remotes[name]?.entry ? [[name, pinned.remotes[name].entry]] : [])),
      );
    },
    registryReady,
    loadPage<K extends RemoteModuleId>(id: K, { fresh = false } = {}): Promise<PageComponent<K>> {
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
    },
    loadedPage<K extends RemoteModuleId>(id: K) {
      return pages.get(id)?.component as PageComponent<K> | undefined;
    },
    adoptPage<K extends RemoteModuleId>(id: K, component: PageComponent<K>) {
      pages.set(id, {
        promise: Promise.resolve(component as ComponentType<never>),
        component: component as ComponentType<never>,
      });
    },
    inspectRemote(remote) {
      return checkedRemote(remote, false).then(
        () => undefined,
        () => undefined,
      );
    },
    async preloadPage(id) {
      if (!registry || registryFailed || statusOf(remoteOf(id)).state === 'failed') return;
      await startPage(id, false, true);
    },
  };
}
