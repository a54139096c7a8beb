import type { RemoteName } from '@devhub/shared/remote-contract';

export const OVERRIDE_PARAM = 'mf-override';
export const OVERRIDE_STORAGE_KEY = 'mf-overrides';

export type Overrides = Partial<Record<RemoteName, string>>;

export interface RefusedOverride {
  value: string;
  reason: string;
}

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
      refused.push({ value, reason: `"${name || value}" không phải remote đã biết (${remoteNames.join(', ')})` });
      continue;
    }
    const origin = originOf(url);
    if (!origin) {
      refused.push({ value, reason: `"${url}" không phải URL http(s) hợp lệ` });
      continue;
    }
    if (!allowedOrigins.includes(origin)) {
      refused.push({ value, reason: `nguồn ${origin} không nằm trong danh sách cho phép của remotes.json` });
      continue;
    }
    accepted[name as RemoteName] = url;
  }
  return { accepted, refused };
}

export function readStoredOverrides(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(OVERRIDE_STORAGE_KEY) ?? '{}') as unknown;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
    return Object.entries(raw as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, url]) => `${name}@${url}`);
  } catch {
    return [];
  }
}

export function storeOverrides(overrides: Overrides): void {
  try {
    if (Object.keys(overrides).length === 0) localStorage.removeItem(OVERRIDE_STORAGE_KEY);
    else localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // Without storage the override still applies to this page view.
  }
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
