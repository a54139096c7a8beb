import axios, { AxiosError, type AxiosResponse } from 'axios';
import toast from 'react-hot-toast';
import { HTTP_TIMEOUT_MS, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@devhub/shared/constants';
import { ERROR_MESSAGES } from '@devhub/shared/strings';
import { useSessionStore } from '@devhub/shared/session-store';
import type { ApiBody } from '../types';

/** Default base URL; each app's dev server and the preview server proxy `/api` to the auth API. */
export const DEFAULT_API_BASE_URL = '/api';

/** The one HTTP client of the product. */
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
    /** Set on sign-in: its 401 means "bad credentials", not "session over". */
    skipSessionExpiry?: boolean;
  }
}

const SESSION_EXPIRED_TOAST_ID = 'session-expired';

apiClient.interceptors.request.use((config) => {
  // A call made for a given token keeps it: signing out sends the token the session just dropped.
  if (config.headers.has('Authorization')) return config;
  const token = useSessionStore.getState().token;
  config.headers.set('Authorization', token ? `Bearer ${token}` : '');
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && error.config) {
    const sentToken = String(error.config.headers.get('Authorization') ?? '').startsWith('Bearer ');
    if (sentToken && !error.config.skipSessionExpiry && useSessionStore.getState().isAuthenticated) {
      useSessionStore.getState().signOut();
      // One toast however many calls fail at once.
      toast.error(ERROR_MESSAGES.sessionExpired, { id: SESSION_EXPIRED_TOAST_ID });
    }
  }
  return Promise.reject(error);
});

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
