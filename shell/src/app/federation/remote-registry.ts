import { REMOTE_NAMES, type RemoteName } from '@devhub/shared/remote-contract';

/** One remote's pin in remotes.json. */
export interface RegistryEntry {
  /** URL of the remote's mf-manifest.json (absolute, or relative to the shell's page). */
  entry: string;
  /** Published version the entry points at, when it comes from a versioned deploy. */
  version?: string;
}

export interface RemoteRegistry {
  environment: string;
  remotes: Record<RemoteName, RegistryEntry>;
  /** Origins a per-browser override may point a remote at. */
  allowedOverrideOrigins: string[];
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isUrlLike(value: string): boolean {
  try {
    new URL(value, 'http://devhub.invalid/');
    return value.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * Validates the parsed contents of remotes.json. Every problem is reported in Vietnamese
 * with the path of the offending field, because the shell shows it to whoever opened the page.
 */
export function parseRegistry(raw: unknown): RemoteRegistry {
  if (!isRecord(raw)) throw new RegistryError('nội dung phải là một đối tượng JSON');
  const { remotes, allowedOverrideOrigins = [], environment = 'local' } = raw;
  if (!isRecord(remotes)) throw new RegistryError('thiếu trường "remotes" (đối tượng)');
  const unknown = Object.keys(remotes).filter((name) => !(REMOTE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new RegistryError(`remote không xác định: ${unknown.join(', ')} (chỉ có ${REMOTE_NAMES.join(', ')})`);
  }
  const entries = {} as Record<RemoteName, RegistryEntry>;
  for (const name of REMOTE_NAMES) {
    const value = remotes[name];
    if (!isRecord(value)) throw new RegistryError(`thiếu remote "${name}"`);
    if (typeof value.entry !== 'string' || !isUrlLike(value.entry)) {
      throw new RegistryError(`"remotes.${name}.entry" phải là URL của mf-manifest.json`);
    }
    if (value.version !== undefined && typeof value.version !== 'string') {
      throw new RegistryError(`"remotes.${name}.version" phải là chuỗi`);
    }
    entries[name] = { entry: value.entry, ...(value.version ? { version: value.version } : {}) };
  }
  if (!Array.isArray(allowedOverrideOrigins) || !allowedOverrideOrigins.every((o) => typeof o === 'string')) {
    throw new RegistryError('"allowedOverrideOrigins" phải là danh sách chuỗi');
  }
  if (typeof environment !== 'string') throw new RegistryError('"environment" phải là chuỗi');
  return { environment, remotes: entries, allowedOverrideOrigins };
}

export async function fetchRegistry(url: string, fetchImpl: typeof fetch = fetch): Promise<RemoteRegistry> {
  let response: Response;
  try {
    // The server marks remotes.json no-cache; a plain GET also reuses the page's preload of it.
    response = await fetchImpl(url);
  } catch {
    throw new RegistryError(`không tải được ${url} (mất kết nối)`);
  }
  if (!response.ok) throw new RegistryError(`không tải được ${url} (HTTP ${response.status})`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new RegistryError(`${url} không phải JSON hợp lệ`);
  }
  return parseRegistry(json);
}
