/**
 * localStorage that never throws: private modes and disabled storage must not break the
 * app, they only lose persistence.
 */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Persistence is best effort; the in-memory state stays correct.
  }
}
