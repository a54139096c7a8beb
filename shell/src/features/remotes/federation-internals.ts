import { getInstance } from '@module-federation/enhanced/runtime';

/**
 * The one place the shell reads what the federation runtime does not promise across versions: the
 * share scopes of its instance and the tree-shaking state of a shared module. (Loading remotes goes
 * through the runtime's public functions: remote-check.ts, remote-loader.ts.) Each reader checks the shape it
 * expects and throws, naming the internal and the versions, when it is not there; the remotes
 * panel then says so instead of showing a table with rows silently missing.
 */

/** The federation runtime this file was written for (runtime-core, released with @module-federation/enhanced). */
export const WRITTEN_FOR_RUNTIME = '2.9.2';

type Instance = ReturnType<typeof getInstance>;

function runningVersion(instance: Instance): string {
  const version = (instance as { version?: unknown } | undefined)?.version;
  return typeof version === 'string' ? version : 'unknown';
}

/** What the shell expected of the federation runtime and did not find. */
export class FederationInternalsError extends Error {
  override name = 'FederationInternalsError';

  constructor(
    readonly internal: string,
    problem: string,
    running: string,
  ) {
    super(
      `federation runtime internals: ${internal}: ${problem} (written for runtime ${WRITTEN_FOR_RUNTIME}, running ${running}; adapt shell/src/features/remotes/federation-internals.ts)`,
    );
  }
}

export interface SharedModuleState {
  scope: string;
  name: string;
  version: string;
  /** The app that provided it. */
  from: string;
  loaded: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every shared module the runtime registered, from each share scope of the shell's federation
 * instance (`shareScopeMap`), sorted by name and version.
 */
export function sharedModuleStates(instance: Instance = getInstance()): SharedModuleState[] {
  const running = runningVersion(instance);
  const fail = (internal: string, problem: string) => new FederationInternalsError(internal, problem, running);
  if (!instance) throw fail('getInstance()', 'no federation instance: the runtime was not initialised by the build');
  const scopes: unknown = (instance as { shareScopeMap?: unknown }).shareScopeMap;
  if (!isRecord(scopes)) throw fail('shareScopeMap', 'not an object of share scopes');
  const states: SharedModuleState[] = [];
  for (const [scope, packages] of Object.entries(scopes)) {
    if (!isRecord(packages)) throw fail(`shareScopeMap.${scope}`, 'not an object of shared modules');
    for (const [name, versions] of Object.entries(packages)) {
      if (!isRecord(versions)) throw fail(`shareScopeMap.${scope}["${name}"]`, 'not an object of versions');
      for (const [version, shared] of Object.entries(versions)) {
        const path = `shareScopeMap.${scope}["${name}"]["${version}"]`;
        if (!isRecord(shared) || typeof shared.from !== 'string') throw fail(`${path}.from`, 'not a string');
        const treeShaking = shared.treeShaking;
        if (treeShaking !== undefined && !isRecord(treeShaking)) throw fail(`${path}.treeShaking`, 'not an object');
        // A tree-shaken singleton (react-router) records its load on its cut-down variant.
        const loaded = Boolean(shared.loaded) || Boolean(treeShaking?.loaded);
        states.push({ scope, name, version, from: shared.from, loaded });
      }
    }
  }
  return states.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}
