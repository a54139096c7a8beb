import type { registerRemotes } from '@module-federation/enhanced/runtime';
import { checkCompatibility, describeProblem } from '@devhub/contracts/compatibility';
import { exportNameOf, remoteOf, type RemoteModuleId } from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { chooseVersions, roleOf } from './candidate-choice';
import { compatibilityText } from './compatibility-text';
import type { Federation } from './federation';
import type { Trust } from './integrity';
import { manifestFailure } from './manifest-failure';
import { ManifestError } from './manifests';
import { pageMayHaveOverrides } from './override-presence';
import type { Overrides } from './overrides';
import type { PageOverrides, takeOverrides } from './page-overrides';
import { expectationOf, type PinExpectation } from './pin-expectation';
import { fetchRegistry, type Registry } from './registry';
import { IncompatibleRemoteError, RegistryUnreadableError, TamperedRemoteError } from './remote-errors';
import { filesBase, hintRemoteFiles, pageFiles, remoteFiles } from './remote-files.js';
import type { LoaderContext } from './remote-loader-types';

// What decides whether a remote may run, before the federation runtime fetches any of its code: the
// registry (read once, with a timeout, the overrides the visitor confirmed applied), the remote's
// manifest (read once, checked against its pin and this shell build), and only then its entry
// registered with the runtime. The loader runs it before it asks the runtime for a page
// (remote-loader.ts); the remotes panel and prefetching run it alone.

type RemoteEntryType = Extract<Parameters<typeof registerRemotes>[0][number], { entry: string }>['type'];

export interface CheckContext extends LoaderContext {
  trust: Trust;
  federation: () => Federation;
}

/** The check of one remote host: every store below is its own. */
export function createRemoteCheck({ build, options, status, getManifest, trust, federation }: CheckContext) {
  const { statusOf, updateStatus, setRegistryState } = status;
  let registry: Promise<Registry> | undefined;
  let registryFailed = false;
  /** The manifest URL of each remote (its override, if any). */
  const entries = new Map<string, string>();
  /** Why the registry refused the pin of a remote it names, in Vietnamese (registry.ts). */
  const refusals = new Map<string, string>();
  /** The entry script each remote is registered with in the federation runtime. */
  const registered = new Map<string, string>();
  /** What each remote's manifest must be (pin-expectation.ts). */
  const expectations = new Map<string, PinExpectation>();
  /** Remotes whose next check reads everything again (a retry). */
  const retried = new Set<string>();
  /** This page's overrides: their code is loaded only on a page that can have one (override-presence.ts). */
  let pageOverrides: PageOverrides | undefined;

  function pinEntries(pinned: Registry, overrides: Overrides): void {
    entries.clear();
    expectations.clear();
    refusals.clear();
    for (const [name, { reason }] of Object.entries(pinned.refused ?? {})) refusals.set(name, reason);
    for (const name of Object.keys(pinned.remotes)) {
      // Relative entries are resolved against the shell's page.
      const pinnedRemote = pinned.remotes[name];
      const pin = new URL(pinnedRemote?.entry ?? '', window.location.href).href;
      const override = overrides[name];
      entries.set(name, override ?? pin);
      expectations.set(name, expectationOf(pinnedRemote, pinned.environment, override !== undefined));
      updateStatus(name, { entry: pin, override, role: roleOf(pinnedRemote), pinnedVersion: pinnedRemote?.version });
    }
  }

  /**
   * The page's overrides, once the registry is in. Code that fails to load applies none: the pins
   * run, and the console says why (the registry itself was read).
   */
  async function overridesOf(
    pinned: Registry,
    code: Promise<{ takeOverrides: typeof takeOverrides }> | undefined,
  ): Promise<PageOverrides | undefined> {
    if (!code) return undefined;
    try {
      return (await code).takeOverrides(pinned, status, options.onRefusedOverrides);
    } catch (error) {
      console.error('[shell] the override code did not load; the pins apply', error);
      return undefined;
    }
  }

  async function readRegistry(): Promise<Registry> {
    setRegistryState({ state: 'loading' });
    registryFailed = false;
    // The override code, on a page that can have an override: fetched beside the registry.
    const overrideCode = pageMayHaveOverrides() ? import('./page-overrides') : undefined;
    // Awaited once the registry is in (overridesOf); a registry that fails first leaves it unhandled otherwise.
    overrideCode?.catch(() => undefined);
    try {
      const pinned = chooseVersions(await fetchRegistry({ timeoutMs: options.timeoutMs }), options.visitorBucket);
      pageOverrides = await overridesOf(pinned, overrideCode);
      pinEntries(pinned, pageOverrides?.accepted ?? {});
      setRegistryState({ state: 'ready', environment: pinned.environment });
      return pinned;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[shell] remotes.json: ${message}`);
      setRegistryState({ state: 'failed', error: message });
      registryFailed = true;
      throw new RegistryUnreadableError(SHELL_TEXT.remote.registryFailed(message), { cause: error });
    }
  }

  function registryReady(fresh: boolean): Promise<Registry> {
    if (!registry || (fresh && registryFailed)) registry = readRegistry();
    return registry;
  }

  /** The manifest of a remote, checked against its pin, or why it could not be read, in Vietnamese. */
  async function manifestOf(remote: string, fresh: boolean) {
    const entry = entries.get(remote);
    // The registry names the remotes: one it does not name has nothing to load (a page of a pin
    // that a registry read again no longer has).
    if (entry === undefined) {
      const refusal = refusals.get(remote);
      throw refusal ? new RegistryUnreadableError(refusal) : new Error(`remotes.json không ghim remote "${remote}"`);
    }
    const expected = expectations.get(remote) ?? { required: false };
    if (expected.required && !expected.integrity) {
      updateStatus(remote, { integrity: 'failed', mismatch: { file: entry, expected: '—' } });
      throw new TamperedRemoteError(SHELL_TEXT.manifest.noDigest(entry));
    }
    try {
      const { json, verified } = await getManifest(entry, {
        fresh,
        timeoutMs: options.timeoutMs,
        integrity: expected.integrity,
        // An override's manifest must answer from where it was allowed: a redirect could lead off the list.
        redirect: statusOf(remote).override ? 'error' : undefined,
      });
      return { manifestUrl: entry, json, verified };
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      throw manifestFailure(remote, error, updateStatus, options.timeoutMs);
    }
  }

  /**
   * Reads the remote's manifest, refuses a build this shell cannot run, and registers the entry of
   * one it can: what the runtime may load, and the manifest it came from.
   */
  async function checkedRemote(remote: string) {
    const fresh = retried.delete(remote);
    await registryReady(fresh);
    const { manifestUrl, json, verified } = await manifestOf(remote, fresh);
    if (verified) trust.trustRemote(remote, json.metaData.integrity, filesBase(json, manifestUrl));
    else trust.distrustRemote(remote);
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
    if (statusOf(remote).override && !pageOverrides?.withinPolicy(json, manifestUrl)) {
      throw new Error(SHELL_TEXT.overrides.offList(remote));
    }
    // `force` on a retry: the runtime drops what it cached of the remote, a failed entry script included.
    if (fresh || registered.get(remote) !== entry.url) {
      federation().registerRemotes(
        [{ name: remote, entry: entry.url, type: entry.type as RemoteEntryType, entryGlobalName: entry.globalName }],
        { force: true },
      );
      registered.set(remote, entry.url);
    }
    return { manifestUrl, json };
  }

  return {
    registryReady,
    manifestOf,
    startRemotes(): void {
      registry ??= readRegistry();
      registry.catch(() => undefined);
    },
    /** Whether pages may be prefetched: the registry is in, or being read, and did not fail. */
    registryStarted(): boolean {
      return registry !== undefined && !registryFailed;
    },
    /** The next check of `remote` reads the registry (if it had failed), its manifest and entry again. */
    retry(remote: string): void {
      retried.add(remote);
    },
    async pinnedEntries(): Promise<Partial<Record<string, string>> | undefined> {
      let pinned: Registry;
      try {
        pinned = await registryReady(false);
      } catch {
        return undefined;
      }
      const names = Object.keys(pinned.remotes);
      if (names.some((name) => statusOf(name).override)) return undefined;
      return Object.fromEntries(names.map((name) => [name, pinned.remotes[name]?.entry]));
    },
    checkedRemote,
    /**
     * Checks the page's remote, then has the browser fetch everything the page needs at once instead
     * of one step after another (entry, page, then what the page imports): the remote's entry, the
     * page's files and the shared modules it imports (see pageFiles). The first page's were hinted by
     * index.html's warm-up already; this is for the pages after it.
     */
    async startPage(id: RemoteModuleId, speculative = false): Promise<void> {
      const remote = remoteOf(id);
      const { manifestUrl, json } = await checkedRemote(remote);
      const shellShared = await build.sharedFiles;
      hintRemoteFiles(
        pageFiles(json, manifestUrl, `./${exportNameOf(id)}`, shellShared, statusOf(remote).integrity === 'verified'),
        speculative,
      );
    },
  };
}

export type RemoteCheck = ReturnType<typeof createRemoteCheck>;
