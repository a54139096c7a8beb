import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '@devhub/shared/api-client';

/** What a fake route answers: a status and a body, or no response at all (the network failed). */
export type FakeReply = { status: number; body?: unknown } | 'network-error';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
}

type Route = (body: unknown) => FakeReply | Promise<FakeReply>;

const realAdapter = apiClient.defaults.adapter;

/**
 * Answers the one API client's requests from `routes` ("POST /auth/login" → reply) at the
 * HTTP adapter, below every interceptor, serializer and error mapping of the real client.
 * Unknown routes answer 404. Call `restoreHttp()` after each test.
 */
export function fakeHttp(routes: Record<string, Route>): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) : config.data;
    requests.push({ method, url, body, headers: config.headers.toJSON() });
    const route = routes[`${method} ${url}`];
    const reply: FakeReply = route ? await route(body) : { status: 404, body: { message: 'Not found' } };
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response = { data: reply.body, status: reply.status, statusText: '', headers: {}, config, request: {} };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  apiClient.defaults.adapter = adapter;
  return { requests };
}

export function restoreHttp(): void {
  apiClient.defaults.adapter = realAdapter;
}

/** A reply the test releases when it wants, to look at the form while the request is in flight. */
export function heldReply(): { route: Route; release: (reply: FakeReply) => void } {
  let release: (reply: FakeReply) => void = () => undefined;
  const pending = new Promise<FakeReply>((resolve) => {
    release = resolve;
  });
  return { route: () => pending, release: (reply) => release(reply) };
}
