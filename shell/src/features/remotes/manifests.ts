import { FetchJsonError, fetchBytes, parseJson, type FetchFailure } from './fetch-json';

/** How long the shell waits for a remote's manifest before its slot explains that it did not come. */
export const MANIFEST_TIMEOUT_MS = 10_000;

declare global {
  interface Window {
    /**
     * The current route's manifest, which index.html's inline warm-up requests as soon as the
     * registry is in: set before any bundle runs, so the loader never asks a second time.
     */
    __devhubManifest?: Promise<{ url: string; response: Promise<Response> } | undefined>;
  }
}

export interface FetchedManifest {
  url: string;
  json: unknown;
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
    readonly failure: FetchFailure,
  ) {
    super(`${url}: ${failure.kind}`);
  }
}

/** The warm-up's response for `url`, once: a retry goes back to the network. */
async function warmResponse(url: string): Promise<Response | undefined> {
  const started = await window.__devhubManifest;
  if (!started || started.url !== url) return undefined;
  window.__devhubManifest = undefined;
  return started.response;
}

async function download(
  url: string,
  timeoutMs: number,
  integrity: string | undefined,
  redirect: RequestRedirect | undefined,
): Promise<FetchedManifest> {
  try {
    const bytes = await fetchBytes(url, {
      timeoutMs,
      response: window.__devhubManifest && warmResponse(url),
      redirect,
    });
    // Compared before the bytes are even parsed: a manifest other than the pinned one is never read.
    if (integrity !== undefined) {
      const actual = await sri(bytes).catch(() => 'sha384-?');
      if (actual !== integrity) throw new FetchJsonError({ kind: 'integrity', expected: integrity, actual });
    }
    return { url, json: parseJson(bytes), verified: integrity !== undefined };
  } catch (error) {
    throw new ManifestError(url, error instanceof FetchJsonError ? error.failure : { kind: 'unreachable' });
  }
}

const manifests = new Map<string, Promise<FetchedManifest>>();

/**
 * A remote's manifest, fetched once per URL: the shell checks the remote against it before it runs
 * any of its code, and registers the entry it names with the federation runtime (remote-loader.ts).
 * `fresh` (a retry) drops what was fetched before; a failure is never kept. `integrity` (the
 * registry's pin) is the sha384 its bytes must have, or it is refused unread.
 */
export function getManifest(
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
) {
  const key = `${url} ${integrity ?? ''}`;
  let manifest = fresh ? undefined : manifests.get(key);
  if (!manifest) {
    manifest = download(url, timeoutMs, integrity, redirect);
    manifests.set(key, manifest);
    manifest.catch(() => manifests.delete(key));
  }
  return manifest;
}
