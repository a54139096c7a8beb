import { AxiosError } from 'axios';
import toast from 'react-hot-toast';
import { apiClient, unwrapBody } from '@devhub/shared/api-client';
import { useSessionStore } from '@devhub/shared/session-store';
import { ERROR_MESSAGES } from '@devhub/shared/strings';
import type { ApiBody, CurrentUser, SignInData, SignInPayload, SignUpData, SignUpPayload } from '../types';

const SESSION_EXPIRED_TOAST_ID = 'session-expired';

// The session rides on the API client from here, the one module that knows both: the client stays
// below the session store, which revokes a token through it (signOutEverywhere).
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

export async function login(payload: SignInPayload): Promise<ApiBody<SignInData>> {
  const response = await apiClient.post('/auth/login', payload, { skipSessionExpiry: true });
  return unwrapBody<SignInData>(response);
}

/** Sends the whole form, confirmPassword included (spec §3). */
export async function register(payload: SignUpPayload): Promise<ApiBody<SignUpData>> {
  const response = await apiClient.post('/auth/register', payload);
  return unwrapBody<SignUpData>(response);
}

/**
 * Asks the auth API to revoke `token` (`POST /api/auth/logout`): from then on it opens no session,
 * whoever holds a copy. Rejects when the call fails, as every call of this module does.
 */
export async function logout(token: string): Promise<void> {
  await apiClient.post('/auth/logout', undefined, {
    headers: { Authorization: `Bearer ${token}` },
    // Sent once the session here is over: its 401 means "that token was already dead", and must not
    // end a session signed in since.
    skipSessionExpiry: true,
  });
}

export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const response = await apiClient.get('/auth/me', { signal });
  return unwrapBody<CurrentUser>(response).data ?? null;
}
