import { originRefusal, type OverridePolicy } from './override-origins';
import { OVERRIDE_PARAM, OVERRIDE_STORAGE_KEY, PROPOSAL_STORAGE_KEY } from './override-presence';
import {
  OVERRIDE_LIFETIME_MS,
  PROPOSAL_LIFETIME_MS,
  readStore,
  writeStore,
  type OverrideStore,
} from './override-store';
import { OVERRIDE_TEXT } from './override-text';

// A per-browser override points a remote at another build, in this browser only. A link
// (`?mf-override=<remote>@<manifest-url>`) only proposes one: it applies once the visitor has
// confirmed it in the remotes panel, for a day at most, and it is checked again on every load.

export type Overrides = Partial<Record<string, string>>;

export interface RefusedOverride {
  /** The remote's name, or the parameter's for a value naming none: never the text given, which a link could fill. */
  value: string;
  reason: string;
}

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks `<remote>@<entry-url>` values against the known remotes and the policy (the registry's
 * allow-list and environment). Refusals carry a Vietnamese reason for the toast.
 */
export function parseOverrides(
  values: readonly string[],
  remoteNames: readonly string[],
  policy: OverridePolicy,
): { accepted: Overrides; refused: RefusedOverride[] } {
  const accepted: Overrides = {};
  const refused: RefusedOverride[] = [];
  for (const value of values) {
    const at = value.indexOf('@');
    const name = at > 0 ? value.slice(0, at) : '';
    const text = at > 0 ? value.slice(at + 1) : '';
    if (!(remoteNames as readonly string[]).includes(name)) {
      refused.push({ value: OVERRIDE_PARAM, reason: OVERRIDE_TEXT.reasons.unknownRemote(remoteNames.join(', ')) });
      continue;
    }
    const url = parsedUrl(text);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      refused.push({ value: name, reason: OVERRIDE_TEXT.reasons.notHttp });
      continue;
    }
    const refusal = originRefusal(url, policy);
    if (refusal) {
      refused.push({ value: name, reason: refusal });
      continue;
    }
    accepted[name as string] = text;
  }
  return { accepted, refused };
}

const valuesOf = (store: OverrideStore) => Object.entries(store).map(([name, { url }]) => `${name}@${url}`);

/** The overrides the visitor confirmed, still in force, as `<remote>@<url>`. */
export function readStoredOverrides(now = Date.now()): string[] {
  return valuesOf(readStore(OVERRIDE_STORAGE_KEY, OVERRIDE_LIFETIME_MS, now));
}

/** The proposals waiting for the visitor, as `<remote>@<url>`. */
export function readProposals(now = Date.now()): string[] {
  return valuesOf(readStore(PROPOSAL_STORAGE_KEY, PROPOSAL_LIFETIME_MS, now));
}

/** Keeps only the confirmed overrides in `overrides` (the registry's allow-list may have changed). */
export function storeOverrides(overrides: Overrides, now = Date.now()): void {
  const store = readStore(OVERRIDE_STORAGE_KEY, OVERRIDE_LIFETIME_MS, now);
  writeStore(
    OVERRIDE_STORAGE_KEY,
    Object.fromEntries(Object.entries(store).filter(([name, { url }]) => overrides[name as string] === url)),
  );
}

/**
 * The visitor confirmed, in the remotes panel, the proposal they were shown: it applies from the
 * next load, for OVERRIDE_LIFETIME_MS. Nothing happens if the proposal for `name` is no longer
 * that URL (another tab replaced or discarded it meanwhile). Returns whether it was confirmed.
 */
export function confirmProposal(name: string, url: string, now = Date.now()): boolean {
  const proposals = readStore(PROPOSAL_STORAGE_KEY, PROPOSAL_LIFETIME_MS, now);
  if (proposals[name]?.url !== url) return false;
  const { [name]: _confirmed, ...rest } = proposals;
  writeStore(PROPOSAL_STORAGE_KEY, rest);
  const store = readStore(OVERRIDE_STORAGE_KEY, OVERRIDE_LIFETIME_MS, now);
  writeStore(OVERRIDE_STORAGE_KEY, { ...store, [name]: { url, until: now + OVERRIDE_LIFETIME_MS } });
  return true;
}

/** The visitor turned the proposal for `name` down. */
export function discardProposal(name: string, now = Date.now()): void {
  const { [name]: _discarded, ...rest } = readStore(PROPOSAL_STORAGE_KEY, PROPOSAL_LIFETIME_MS, now);
  writeStore(PROPOSAL_STORAGE_KEY, rest);
}

export interface CollectedOverrides {
  /** The confirmed overrides that apply to this page load. */
  accepted: Overrides;
  /** Those a link proposed (this one or an earlier one), waiting for the visitor: they do not apply. */
  proposed: Overrides;
  refused: RefusedOverride[];
  /** The address carried overrides (the loader then takes them out of it). */
  fromUrl: boolean;
}

/**
 * The confirmed overrides, and the proposals: stored ones plus any in the URL (which win). Every
 * one is checked again, since the registry's allow-list or environment may have changed since it
 * was saved; one refused is forgotten.
 */
export function collectOverrides(
  search: string,
  remoteNames: readonly string[],
  policy: OverridePolicy,
  now = Date.now(),
): CollectedOverrides {
  const fromUrl = new URLSearchParams(search).getAll(OVERRIDE_PARAM);
  const confirmed = parseOverrides(readStoredOverrides(now), remoteNames, policy);
  storeOverrides(confirmed.accepted, now);

  const stored = readStore(PROPOSAL_STORAGE_KEY, PROPOSAL_LIFETIME_MS, now);
  const proposals = parseOverrides([...valuesOf(stored), ...fromUrl], remoteNames, policy);
  const proposed: Overrides = {};
  const kept: OverrideStore = {};
  for (const [name, url] of Object.entries(proposals.accepted) as [string, string][]) {
    // One already confirmed needs no second confirmation.
    if (confirmed.accepted[name] === url) continue;
    proposed[name] = url;
    const earlier = stored[name];
    kept[name] = { url, until: earlier?.url === url ? earlier.until : now + PROPOSAL_LIFETIME_MS };
  }
  writeStore(PROPOSAL_STORAGE_KEY, kept);
  return {
    accepted: confirmed.accepted,
    proposed,
    refused: [...confirmed.refused, ...proposals.refused],
    fromUrl: fromUrl.length > 0,
  };
}
