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

export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const response = await apiClient.get('/auth/me', { signal });
  return unwrapBody<CurrentUser>(response).data ?? null;
}
