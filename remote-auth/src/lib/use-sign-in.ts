import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorStatus, toErrorMessage } from '@devhub/shared/api-client';
import { login } from '@devhub/shared/auth-api';
import { useSessionStore } from '@devhub/shared/session-store';
import { ERROR_MESSAGES } from '@devhub/shared/strings';
import type { SignInPayload } from '@devhub/shared/types';
import { AUTH_TEXT } from './auth-text';
import { useRedirectTarget } from './use-redirect-target';

/** "rejected": the credentials were refused (no token, or 401); "failed": anything else went wrong. */
export type SignInOutcome = 'signed-in' | 'rejected' | 'failed';

/**
 * Spec §4 sign-in, shared by the sign-in form and the automatic sign-in after sign-up:
 * a token is stored and the visitor goes to the safe redirect target; every failure is told
 * with its spec §8 message.
 */
export function useSignIn(): (credentials: SignInPayload) => Promise<SignInOutcome> {
  const storeToken = useSessionStore((state) => state.signIn);
  const navigate = useNavigate();
  const { path } = useRedirectTarget();

  return useCallback(
    async (credentials) => {
      try {
        const token = (await login(credentials)).data?.access_token;
        if (typeof token !== 'string' || token === '') {
          toast.error(ERROR_MESSAGES.wrongCredentials);
          return 'rejected';
        }
        storeToken(token);
        toast.success(AUTH_TEXT.signInSuccess);
        void navigate(path, { replace: true });
        return 'signed-in';
      } catch (error) {
        toast.error(toErrorMessage(error));
        return errorStatus(error) === 401 ? 'rejected' : 'failed';
      }
    },
    [navigate, path, storeToken],
  );
}
