/** What went wrong fetching a JSON file, for the caller to word. */
export type FetchFailure =
  | { kind: 'unreachable' }
  | { kind: 'status'; status: number }
  | { kind: 'not-json' }
  | { kind: 'timeout' }
  | { kind: 'integrity'; expected: string; actual: string };

export class FetchJsonError extends Error {
  override name = 'FetchJsonError';
  constructor(readonly failure: FetchFailure) {
    super(failure.kind);
  }
}

interface FetchOptions {
  timeoutMs: number;
  /** `error` for a URL that must answer itself (an override's manifest: a redirect could leave its allow-list). */
  redirect?: RequestRedirect | undefined;
}

/** Parses bytes read as JSON (UTF-8), or says they are not JSON. */
export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw new FetchJsonError({ kind: 'not-json' });
  }
}

/**
 * Reads a JSON file, failing after `timeoutMs` whatever hangs: the connection, the headers or the
 * body. A response the page's warm-up preloaded for it (warm-up.js) is taken by the browser.
 */
export async function fetchJson(url: string, options: FetchOptions): Promise<{ json: unknown }> {
  return { json: parseJson(await fetchBytes(url, options)) };
}

/** A file's bytes exactly as sent (what a digest is computed over), with fetchJson's timeout. */
export async function fetchBytes(url: string, { timeoutMs, redirect }: FetchOptions): Promise<Uint8Array> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new FetchJsonError({ kind: 'timeout' }));
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([
      fetch(url, { cache: 'no-cache', signal: controller.signal, ...(redirect ? { redirect } : {}) }).catch(() => {
        throw new FetchJsonError({ kind: 'unreachable' });
      }),
      timeout,
    ]);
    if (!answer.ok) throw new FetchJsonError({ kind: 'status', status: answer.status });
    return new Uint8Array(await Promise.race([answer.arrayBuffer(), timeout]));
  } finally {
    clearTimeout(timer);
  }
}
