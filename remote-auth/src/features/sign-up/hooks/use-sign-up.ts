import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorStatus, toErrorMessage } from '@devhub/shared/api-client';
import { register } from '@devhub/shared/auth-api';
import { ERROR_MESSAGES } from '@devhub/shared/strings';
import type { ApiBody, SignUpData, SignUpPayload } from '@devhub/shared/types';
import { AUTH_TEXT } from '../../../lib/auth-text';
import { useRedirectTarget } from '../../../lib/use-redirect-target';
import { useSignIn } from '../../../lib/use-sign-in';

/** "reset": the form must be cleared (spec §4); "kept": the visitor may fix or retry what they typed. */
export type SignUpOutcome = 'signed-in' | 'reset' | 'kept';

const isRefusal = (status: number | undefined): status is 400 | 409 => status === 400 || status === 409;

/**
 * Spec §4 sign-up: success (status 200 or none) is announced and followed by an automatic
 * sign-in with the same credentials; a body status of 400 or 409 is the duplicate message and
 * resets the form, whatever message came with it; a body without data resets the form too; any
 * other status is a plain failure. HTTP errors carry their spec §8 message.
 */
export function useSignUp(): (values: SignUpPayload) => Promise<SignUpOutcome> {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const { linkTo } = useRedirectTarget();

  return useCallback(
    async (values) => {
      let body: ApiBody<SignUpData>;
      try {
        body = await register(values);
      } catch (error) {
        toast.error(toErrorMessage(error));
        return isRefusal(errorStatus(error)) ? 'reset' : 'kept';
      }

      if (!body.data) {
        toast.error(body.message?.trim() || AUTH_TEXT.signUpFailed);
        return 'reset';
      }
      const { status } = body.data;
      if ((status ?? 200) === 200) {
        toast.success(AUTH_TEXT.signUpSuccess);
        if ((await signIn({ username: values.username, password: values.password })) === 'signed-in') {
          return 'signed-in';
        }
        // The account exists now; submitting this form again could only answer "duplicate".
        void navigate(linkTo('/signin'));
        return 'kept';
      }
      if (isRefusal(status)) {
        toast.error(ERROR_MESSAGES.duplicateAccount);
        return 'reset';
      }
      toast.error(AUTH_TEXT.signUpFailed);
      return 'kept';
    },
    [linkTo, navigate, signIn],
  );
}
