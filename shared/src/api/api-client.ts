import axios, { AxiosError, type AxiosResponse } from 'axios';
import { HTTP_TIMEOUT_MS, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@devhub/shared/constants';
import { ERROR_MESSAGES } from '@devhub/shared/strings';
import type { ApiBody } from '../types';

/** Default base URL; each app's dev server and the preview server proxy `/api` to the auth API. */
export const DEFAULT_API_BASE_URL = '/api';

/**
 * The one HTTP client of the product. It knows nothing of the session: the auth API's calls
 * (auth-api.ts), which are every call that carries one, put the session's token on each request
 * and end the session on a 401, so that the session store (which revokes a token through this
 * client) sits below them, not in a cycle with them.
 */
export const apiClient = axios.create({
  baseURL: DEFAULT_API_BASE_URL,
  timeout: HTTP_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  xsrfCookieName: XSRF_COOKIE_NAME,
  xsrfHeaderName: XSRF_HEADER_NAME,
});

export function setApiBaseUrl(baseURL: string): void {
  apiClient.defaults.baseURL = baseURL;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on a call whose 401 means "bad credentials" or "that token was already dead", not "session over". */
    skipSessionExpiry?: boolean;
  }
}

/**
 * The response wrapper: the body when it carries a `data` field; otherwise only its
 * `message`, so callers can tell a payload from a bare notice.
 */
export function unwrapBody<T>(response: AxiosResponse<unknown>): ApiBody<T> {
  const body = response.data;
  if (body !== null && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if ('data' in record) return record as ApiBody<T>;
    return typeof record.message === 'string' ? { message: record.message } : {};
  }
  return {};
}

function serverMessage(error: AxiosError): string | undefined {
  const body = error.response?.data;
  if (body !== null && typeof body === 'object') {
    const message = (body as Record<string, unknown>).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** The HTTP status of a failed call; undefined when no response came back (network, abort, bug). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/**
 * Spec §8 for a status and the server's message, if any. Shared by failed calls and by
 * bodies that carry their own `status` field (the sign-up response).
 */
export function messageForStatus(status: number, message?: string): string {
  const serverText = message?.trim() ? message : undefined;
  switch (status) {
    case 400:
      return serverText ?? ERROR_MESSAGES.invalidData;
    case 401:
      return ERROR_MESSAGES.wrongCredentials;
    case 409:
      return ERROR_MESSAGES.duplicateAccount;
    case 429:
      return serverText ?? ERROR_MESSAGES.tooManyRequests;
    case 500:
      return ERROR_MESSAGES.serverError;
    default:
      return serverText ?? ERROR_MESSAGES.noResponse;
  }
}

/** The one mapping from a failed call to the Vietnamese message of spec §8. */
export function toErrorMessage(error: unknown): string {
  if (!(error instanceof AxiosError) || !error.response) return ERROR_MESSAGES.noResponse;
  return messageForStatus(error.response.status, serverMessage(error));
}
