import { sri } from './manifests';

/**
 * What the browser may run of each remote whose manifest matched its pin: every file the manifest
 * lists, by absolute URL, with its sha384. The host's integrity plugin gives each script and
 * stylesheet the federation runtime creates that `integrity` (runtime-plugins/integrity-plugin.ts),
 * so the browser refuses bytes other than the published ones before they run or apply. The entry's runtime asks
 * the same hooks for each chunk's and stylesheet's digest (rspack/chunk-integrity-plugin.ts).
 */
interface TrustedRemote {
  /** The folder its files are under: a file there that the manifest does not list is refused. */
  base: string;
  files: Map<string, string>;
}

/** A digest no file has: an element carrying it never loads. */
const NOTHING = `sha384-${'A'.repeat(64)}`;

/** The files a remote host may run, one record per host (remote-host.ts). */
export function createTrust() {
  const trusted = new Map<string, TrustedRemote>();

  /**
   * The `integrity` a URL must load with: its digest if a verified remote lists it, a digest nothing
   * has if it lies under a verified remote's folder unlisted, none for anything else.
   */
  function integrityFor(url: string): string | undefined {
    const href = new URL(url, document.baseURI).href;
    const listed = listedDigest(href);
    if (listed) return listed;
    for (const remote of trusted.values()) if (href.startsWith(remote.base)) return NOTHING;
    return undefined;
  }

  /** The digest a verified remote lists for `url`, if any: what the remotes panel names. */
  function listedDigest(url: string): string | undefined {
    const href = new URL(url, document.baseURI).href;
    for (const remote of trusted.values()) {
      const digest = remote.files.get(href);
      if (digest) return digest;
    }
    return undefined;
  }

  return {
    integrityFor,
    listedDigest,
    /**
     * Records the files of a verified manifest (`metaData.integrity`, paths relative to `base`).
     *
     * @param remote  the remote's name
     * @param integrity  the manifest's `metaData.integrity`
     * @param base  the URL its files are resolved against
     */
    trustRemote(remote: string, integrity: unknown, base: string): void {
      const files = new Map<string, string>();
      if (integrity !== null && typeof integrity === 'object') {
        for (const [name, digest] of Object.entries(integrity as Record<string, unknown>)) {
          if (typeof digest === 'string') files.set(new URL(name, base).href, digest);
        }
      }
      trusted.set(remote, { base, files });
    },
    /** Forgets a remote's files (an override or a dev entry now stands for it). */
    distrustRemote(remote: string): void {
      trusted.delete(remote);
    },
  };
}

export type Trust = ReturnType<typeof createTrust>;

/**
 * What a file that failed to load actually holds, for the remotes panel: its digest, read again
 * without `integrity` (only after a failure, never on the way to running it; nothing read here runs).
 */
export async function actualDigest(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, { cache: 'no-store', credentials: 'omit' });
    if (!response.ok) return undefined;
    return await sri(new Uint8Array(await response.arrayBuffer()));
  } catch {
    return undefined;
  }
}

/** The first of `urls` whose bytes are not the digest its manifest lists (read again), with both digests. */
export async function firstMismatch(
  urls: string[],
  listedDigest: (url: string) => string | undefined,
): Promise<{ file: string; expected: string; actual: string } | undefined> {
  for (const file of urls) {
    const expected = listedDigest(file);
    if (!expected) continue;
    const actual = await actualDigest(file);
    if (actual !== undefined && actual !== expected) return { file, expected, actual };
  }
  return undefined;
}
