/** What went wrong fetching a JSON file, for the caller to word. */
export type FetchFailure =
  { kind: 'unreachable' } | { kind: 'status'; status: number } | { kind: 'not-json' } | { kind: 'timeout' };

export class FetchJsonError extends Error {
  override name = 'FetchJsonError';
  constructor(readonly failure: FetchFailure) {
    super(failure.kind);
  }
}

/**
 * Reads a JSON file, failing after `timeoutMs` whatever hangs: the connection, the headers or the
 * body. `response` is a request already under way (the inline warm-up's), used instead of a new
 * one unless it comes to nothing.
 */
export async function fetchJson(
  url: string,
  { timeoutMs, response }: { timeoutMs: number; response?: Promise<Response | undefined> | undefined },
): Promise<{ json: unknown }> {
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
        .then((started) => started ?? fetch(url, { cache: 'no-cache', signal: controller.signal }))
        .catch(() => {
          throw new FetchJsonError({ kind: 'unreachable' });
        }),
      timeout,
    ]);
    if (!answer.ok) throw new FetchJsonError({ kind: 'status', status: answer.status });
    const text = await Promise.race([answer.text(), timeout]);
    try {
      return { json: JSON.parse(text) as unknown };
    } catch {
      throw new FetchJsonError({ kind: 'not-json' });
    }
  } finally {
    clearTimeout(timer);
  }
}
