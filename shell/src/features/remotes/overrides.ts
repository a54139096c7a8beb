import type { RemoteName } from '@devhub/shared/remote-contract';

export const OVERRIDE_PARAM = 'mf-override';
export const OVERRIDE_STORAGE_KEY = 'mf-overrides';

export type Overrides = Partial<Record<RemoteName, string>>;

export interface RefusedOverride {
  /** The remote's name, or the parameter's for a value naming none: never the text given, which a link could fill. */
  value: string;
  reason: string;
}

/** How long an override that loaded once stays in this browser. */
export const OVERRIDE_LIFETIME_MS = 24 * 60 * 60 * 1000;

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Checks `<remote>@<entry-url>` values against the known remotes and the registry's
 * allow-list. Refusals carry a Vietnamese reason for the toast.
 */
export function parseOverrides(
  values: readonly string[],
  remoteNames: readonly RemoteName[],
  allowedOrigins: readonly string[],
): { accepted: Overrides; refused: RefusedOverride[] } {
  const accepted: Overrides = {};
  const refused: RefusedOverride[] = [];
  for (const value of values) {
    const at = value.indexOf('@');
    const name = at > 0 ? value.slice(0, at) : '';
    const url = at > 0 ? value.slice(at + 1) : '';
    if (!(remoteNames as readonly string[]).includes(name)) {
      refused.push({ value: OVERRIDE_PARAM, reason: `không phải remote đã biết (${remoteNames.join(', ')})` });
      continue;
    }
    const origin = originOf(url);
    if (!origin) {
      refused.push({ value: name, reason: 'không phải URL http(s) hợp lệ' });
      continue;
    }
    if (!allowedOrigins.includes(origin)) {
      refused.push({ value: name, reason: 'nguồn không nằm trong danh sách cho phép của remotes.json' });
      continue;
    }
    accepted[name as RemoteName] = url;
  }
  return { accepted, refused };
}

interface StoredOverride {
  url: string;
  /** When it stops applying (ms since the epoch). */
  until: number;
}

function readStore(now: number): Record<string, StoredOverride> {
  try {
    const raw = JSON.parse(localStorage.getItem(OVERRIDE_STORAGE_KEY) ?? '{}') as unknown;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
    // A value without an expiry (or past it) is dropped: no override outlives its day.
    return Object.fromEntries(
      Object.entries(raw as Record<string, unknown>).filter(
        (entry): entry is [string, StoredOverride] =>
          entry[1] !== null &&
          typeof entry[1] === 'object' &&
          typeof (entry[1] as StoredOverride).url === 'string' &&
          typeof (entry[1] as StoredOverride).until === 'number' &&
          (entry[1] as StoredOverride).until > now,
      ),
    );
  } catch {
    return {};
  }
}

function writeStore(store: Record<string, StoredOverride>): void {
  try {
    if (Object.keys(store).length === 0) localStorage.removeItem(OVERRIDE_STORAGE_KEY);
    else localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(store));
  } catch {
    // Without storage the override still applies to this page view.
  }
}

export function readStoredOverrides(now = Date.now()): string[] {
  return Object.entries(readStore(now)).map(([name, { url }]) => `${name}@${url}`);
}

/** Keeps only the stored overrides still accepted (the registry's allow-list may have changed). */
export function storeOverrides(overrides: Overrides, now = Date.now()): void {
  const store = readStore(now);
  writeStore(
    Object.fromEntries(Object.entries(store).filter(([name, { url }]) => overrides[name as RemoteName] === url)),
  );
}

/**
 * Remembers an override in this browser for OVERRIDE_LIFETIME_MS, once its remote loaded with it:
 * one that cannot work is never stored, so it cannot break every later visit.
 */
export function confirmOverride(name: RemoteName, url: string, now = Date.now()): void {
  const store = readStore(now);
  if (store[name]?.url === url) return;
  writeStore({ ...store, [name]: { url, until: now + OVERRIDE_LIFETIME_MS } });
}

/**
 * Stored overrides plus any in the URL (which win); stored ones are re-checked, since the
 * registry's allow-list may have changed since they were saved.
 */
export function collectOverrides(
  search: string,
  remoteNames: readonly RemoteName[],
  allowedOrigins: readonly string[],
): { accepted: Overrides; refused: RefusedOverride[]; fromUrl: boolean } {
  const fromUrl = new URLSearchParams(search).getAll(OVERRIDE_PARAM);
  const result = parseOverrides([...readStoredOverrides(), ...fromUrl], remoteNames, allowedOrigins);
  storeOverrides(result.accepted);
  return { ...result, fromUrl: fromUrl.length > 0 };
}
