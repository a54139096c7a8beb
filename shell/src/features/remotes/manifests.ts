import { FetchJsonError, fetchJson, type FetchFailure } from './fetch-json';

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

async function download(url: string, timeoutMs: number): Promise<FetchedManifest> {
  try {
    return { url, ...(await fetchJson(url, { timeoutMs, response: window.__devhubManifest && warmResponse(url) })) };
  } catch (error) {
    throw new ManifestError(url, error instanceof FetchJsonError ? error.failure : { kind: 'unreachable' });
  }
}

const manifests = new Map<string, Promise<FetchedManifest>>();

/**
 * A remote's manifest, fetched once per URL: the shell checks the remote against it before it runs
 * any of its code, and registers the entry it names with the federation runtime (remote-loader.ts).
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
