import { readManifest, type Manifest } from '@devhub/contracts/manifest';
import { FetchJsonError, fetchBytes, parseJson, type FetchFailure } from './fetch-json';

/** How long the shell waits for a remote's manifest before its slot explains that it did not come. */
export const MANIFEST_TIMEOUT_MS = 10_000;

export interface FetchedManifest {
  url: string;
  json: Manifest;
  /** Its bytes had the digest the registry pins (none is pinned for a dev server's entry). */
  verified: boolean;
}

/**
 * The sha384 of `bytes` in the form an `integrity` attribute takes. Without WebCrypto (a page not
 * in a secure context) nothing can be checked, so nothing pinned runs.
 */
export async function sri(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes as Uint8Array<ArrayBuffer>));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha384-${btoa(binary)}`;
}

/** A manifest that could not be read: the loader words it for the page's slot. */
export class ManifestError extends Error {
  override name = 'ManifestError';
  constructor(
    readonly url: string,
    readonly failure: FetchFailure | { kind: 'invalid'; problem: string },
  ) {
    super(`${url}: ${failure.kind}`);
  }
}

/**
 * The manifests a remote host reads, each fetched once per URL: the shell checks a remote against
 * its manifest before it runs any of its code, and registers the entry it names with the
 * federation runtime (remote-check.ts).
 */
export function createManifests() {
  const manifests = new Map<string, Promise<FetchedManifest>>();

  async function download(
    url: string,
    timeoutMs: number,
    integrity: string | undefined,
    redirect: RequestRedirect | undefined,
  ): Promise<FetchedManifest> {
    try {
      const bytes = await fetchBytes(url, { timeoutMs, redirect });
      // Compared before the bytes are even parsed: a manifest other than the pinned one is never read.
      if (integrity !== undefined) {
        const actual = await sri(bytes).catch(() => 'sha384-?');
        if (actual !== integrity) throw new FetchJsonError({ kind: 'integrity', expected: integrity, actual });
      }
      // Read with the one reader every part uses: a manifest that lacks a field is refused here, named.
      const json = readManifest(parseJson(bytes));
      if (typeof json === 'string') throw new ManifestError(url, { kind: 'invalid', problem: json });
      return { url, json, verified: integrity !== undefined };
    } catch (error) {
      if (error instanceof ManifestError) throw error;
      throw new ManifestError(url, error instanceof FetchJsonError ? error.failure : { kind: 'unreachable' });
    }
  }

  /**
   * A remote's manifest. `fresh` (a retry) drops what was fetched before; a failure is never kept.
   * `integrity` (the registry's pin) is the sha384 its bytes must have, or it is refused unread.
   */
  return function getManifest(
    url: string,
    {
      fresh = false,
      timeoutMs = MANIFEST_TIMEOUT_MS,
      integrity,
      redirect,
    }: {
      fresh?: boolean;
      timeoutMs?: number | undefined;
      integrity?: string | undefined;
      redirect?: RequestRedirect | undefined;
    } = {},
  ): Promise<FetchedManifest> {
    const key = `${url} ${integrity ?? ''}`;
    let manifest = fresh ? undefined : manifests.get(key);
    if (!manifest) {
      manifest = download(url, timeoutMs, integrity, redirect);
      manifests.set(key, manifest);
      manifest.catch(() => manifests.delete(key));
    }
    return manifest;
  };
}

export type GetManifest = ReturnType<typeof createManifests>;
