import { FetchJsonError, fetchJson, type FetchFailure } from './fetch-json';

// Plain module (no React, no shared singleton): the federation runtime's plugins read it before
// the share scope exists.

/** How long the shell waits for a remote's manifest before its slot explains that it did not come. */
export const MANIFEST_TIMEOUT_MS = 10_000;

declare global {
  interface Window {
    /** The current route's manifest, which index.html's inline warm-up requested before any bundle ran. */
    __devhubManifest?: { url: string; response: Promise<Response> };
  }
}

export interface FetchedManifest {
  url: string;
  /** The manifest as sent, for the federation runtime. */
  text: string;
  json: unknown;
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
function takeWarmResponse(url: string): Promise<Response> | undefined {
  const warm = window.__devhubManifest;
  if (!warm || warm.url !== url) return undefined;
  window.__devhubManifest = undefined;
  return warm.response;
}

async function download(url: string, timeoutMs: number): Promise<FetchedManifest> {
  try {
    return { url, ...(await fetchJson(url, { timeoutMs, response: takeWarmResponse(url) })) };
  } catch (error) {
    throw new ManifestError(url, error instanceof FetchJsonError ? error.failure : { kind: 'unreachable' });
  }
}

const manifests = new Map<string, Promise<FetchedManifest>>();

/**
 * A remote's manifest, fetched once per URL: the shell reads it to check the remote before it runs
 * any of its code, and hands the same response to the federation runtime (runtime/manifest-plugin.ts).
 * `fresh` (a retry) drops what was fetched before; a failure is never kept.
 */
export function getManifest(
  url: string,
  { fresh = false, timeoutMs = MANIFEST_TIMEOUT_MS }: { fresh?: boolean; timeoutMs?: number | undefined } = {},
) {
  let manifest = fresh ? undefined : manifests.get(url);
  if (!manifest) {
    manifest = download(url, timeoutMs);
    manifests.set(url, manifest);
    manifest.catch(() => manifests.delete(url));
  }
  return manifest;
}

/** The manifest already fetched for `url`, if any: what the runtime plugin serves instead of fetching again. */
export function fetchedManifest(url: string): Promise<FetchedManifest> | undefined {
  return manifests.get(url);
}
