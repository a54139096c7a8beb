// What the environment's registry names: the only values a beacon's environment, remote, version
// and route may become as metric labels. Anything else is counted under OTHER, so no visitor can
// grow the label set (each label set is a time series kept for ever by Prometheus).
import { validateRegistry } from '@devhub/contracts/registry';
import { pathsOf, type RouteTable } from '@devhub/contracts/routes';
import { lastCanaryOf, type LastCanary } from '@devhub/contracts/telemetry-figures';

/** The label of every value the registry does not name. */
export const OTHER = 'other';

export interface KnownRemote {
  /** The stable pin's version and its candidate's (`candidate.version`), when the registry has them. */
  versions: ReadonlySet<string>;
  /** The paths of the remote's route tables, the stable pin's and its candidate's. */
  routes: ReadonlySet<string>;
  /** The stable pin's version and its candidate's, with the candidate's share of visitors. */
  stable?: string;
  candidate?: string;
  percent?: number;
  /** The newest entry of the pin's canaryHistory, for the remotes panel. */
  lastCanary?: LastCanary;
}

export interface KnownLabels {
  /** The registry's `environment`; undefined while no registry could be read. */
  environment: string | undefined;
  remotes: ReadonlyMap<string, KnownRemote>;
}

/** Nothing known: every label is OTHER. */
export const NOTHING_KNOWN: KnownLabels = { environment: undefined, remotes: new Map() };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A pin's version and its candidate's (the version a share of visitors gets beside it), as the
 * file has them: a pin the registry refuses is read as leniently, its beacons report the refusal.
 */
function versionsOf(pin: unknown): Omit<KnownRemote, 'routes'> {
  if (!isRecord(pin)) return { versions: new Set() };
  const stable = typeof pin.version === 'string' ? pin.version : undefined;
  const candidate = isRecord(pin.candidate) && typeof pin.candidate.version === 'string' ? pin.candidate : undefined;
  const versions = new Set([stable, candidate?.version].filter((version) => typeof version === 'string'));
  const lastCanary = lastCanaryOf(pin);
  return {
    versions,
    ...(stable ? { stable } : {}),
    ...(candidate ? { candidate: candidate.version as string, percent: candidate.percent as number } : {}),
    ...(lastCanary ? { lastCanary } : {}),
  };
}

const pathSet = (...tables: Array<RouteTable | undefined>) =>
  new Set(tables.flatMap((table) => pathsOf(table ?? []).map((route) => route.path)));

/**
 * The labels a registry's parsed contents name, or why the file is no registry (English, of the
 * file's fields only). A pin the registry refuses is named still: the shell reports its refusal.
 */
export function knownLabelsOf(raw: unknown): KnownLabels | string {
  const { registry, problems, refused } = validateRegistry(raw, { acceptUnverified: true });
  if (!registry) return problems.map((problem) => problem.field || 'the file').join(', ') || 'not a registry';
  const remotes = new Map<string, KnownRemote>();
  for (const [name, pin] of Object.entries(registry.remotes)) {
    // A candidate the registry refuses is gone from its pin here: none of its labels are known.
    remotes.set(name, { ...versionsOf(pin), routes: pathSet(pin.routes, pin.candidate?.routes) });
  }
  for (const [name, refusal] of Object.entries(refused)) {
    remotes.set(name, { ...versionsOf(refusal.pin), routes: pathSet(refusal.routes) });
  }
  return { environment: registry.environment, remotes };
}
