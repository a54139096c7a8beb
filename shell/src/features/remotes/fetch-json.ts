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
  response?: Promise<Response | undefined> | undefined;
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
 * body. `response` is a request already under way (the inline warm-up's), used instead of a new
 * one unless it comes to nothing.
 */
export async function fetchJson(url: string, options: FetchOptions): Promise<{ json: unknown }> {
  return { json: parseJson(await fetchBytes(url, options)) };
}

/** A file's bytes exactly as sent (what a digest is computed over), with fetchJson's timeout. */
export async function fetchBytes(url: string, { timeoutMs, response, redirect }: FetchOptions): Promise<Uint8Array> {
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
      (response ?? Promise.resolve(undefined))
        .then(
          (started) =>
            started ?? fetch(url, { cache: 'no-cache', signal: controller.signal, ...(redirect ? { redirect } : {}) }),
        )
        .catch(() => {
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
