// What this browser keeps of the per-browser overrides (localStorage): the ones the visitor
// confirmed in the remotes panel, and the ones a link proposed that wait for that confirmation.
// Each entry carries when it stops applying; nothing stored may outlive its lifetime from now.

/** How long a confirmed override stays in this browser. */
export const OVERRIDE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a proposal waits for the visitor: long enough to open the panel, not a day. */
export const PROPOSAL_LIFETIME_MS = 60 * 60 * 1000;

export interface StoredOverride {
  url: string;
  /** When it stops applying (ms since the epoch). */
  until: number;
}

export type OverrideStore = Record<string, StoredOverride>;

function isEntry(value: unknown): value is StoredOverride {
  if (value === null || typeof value !== 'object') return false;
  const { url, until } = value as Partial<StoredOverride>;
  return typeof url === 'string' && typeof until === 'number' && Number.isFinite(until);
}

export function writeStore(key: string, store: OverrideStore): void {
  try {
    if (Object.keys(store).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(store));
  } catch {
    // Without storage nothing is remembered: a proposal cannot be confirmed, nothing applies.
  }
}

/**
 * The entries of `key` still in force. A malformed one, or one past its time, is dropped; an
 * `until` further away than `lifetimeMs` from now (set by hand, or by a clock turned back) is
 * brought back to that, and written back so, so it cannot be renewed by every read.
 */
export function readStore(key: string, lifetimeMs: number, now: number): OverrideStore {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(key) ?? '{}');
  } catch {
    raw = undefined;
  }
  const plain = raw !== null && typeof raw === 'object' && !Array.isArray(raw);
  const entries = plain ? Object.entries(raw as Record<string, unknown>) : [];
  const store: OverrideStore = {};
  let changed = !plain;
  for (const [name, value] of entries) {
    if (!isEntry(value) || value.until <= now) {
      changed = true;
      continue;
    }
    const until = Math.min(value.until, now + lifetimeMs);
    if (until !== value.until) changed = true;
    store[name] = { url: value.url, until };
  }
  if (changed) writeStore(key, store);
  return store;
}
