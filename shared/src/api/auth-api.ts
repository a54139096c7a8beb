import type { ApiBody, CurrentUser, SignInData, SignInPayload, SignUpData, SignUpPayload } from '../types';
import { apiClient, unwrapBody } from '@devhub/shared/api-client';

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
