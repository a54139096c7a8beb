import { setupServer } from 'msw/node';
import { authApiHandlers } from './auth-api-handlers';

/**
 * The one fake network of the unit tests. It answers the auth API from an in-memory fake
 * (./auth-api-handlers); every test adds the other handlers it needs, or overrides a route,
 * with `server.use(...)`. The shared setup resets the handlers after each test and fails a
 * test whose code calls anything unhandled.
 */
export const server = setupServer(...authApiHandlers);

/** A request as it left the app: what a test asserts about the calls its code made. */
export interface SentRequest {
  method: string;
  /** The URL's path, e.g. "/api/auth/login". */
  path: string;
  /** Header names in lower case, e.g. `headers.authorization`. */
  headers: Record<string, string>;
  /** The parsed JSON body; the text of any other body; undefined without one. */
  body: unknown;
}

async function readSent(request: Request): Promise<SentRequest> {
  const text = await request.text();
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && /json/i.test(request.headers.get('Content-Type') ?? '')) {
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: a test can still see what was sent.
    }
  }
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    headers: Object.fromEntries(request.headers),
    body,
  };
}

const sent: Array<Promise<SentRequest>> = [];

// Every request, whichever handler answers it (or none): a test's override does not hide it.
server.events.on('request:start', ({ request }) => {
  sent.push(readSent(request.clone()));
});

/** Every request the code under test has sent during this test, in order. */
export function sentRequests(): Promise<SentRequest[]> {
  return Promise.all(sent);
}

/** Called by the shared setup after each test. */
export function forgetSentRequests(): void {
  sent.length = 0;
}

/**
 * A response the test releases when it wants, to look at the page while the request is in
 * flight: `server.use(http.post(AUTH_API.login, held.resolver))`, later `held.release(response)`.
 */
export function heldResponse(): { resolver: () => Promise<Response>; release: (response: Response) => void } {
  let release: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { resolver: () => response, release: (reply) => release(reply) };
}
