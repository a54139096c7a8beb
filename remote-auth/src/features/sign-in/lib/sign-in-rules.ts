import type { RegisterOptions } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '@devhub/shared/constants';
import type { SignInPayload } from '@devhub/shared/types';
import { AUTH_TEXT } from '../../../lib/auth-text';

const { validation } = AUTH_TEXT;

/** Spec §5, sign-in. A name of spaces only counts as not entered. */
export const SIGN_IN_RULES = {
  username: { validate: (value) => value.trim() !== '' || validation.signInUsernameRequired },
  password: {
    required: validation.signInPasswordRequired,
    minLength: { value: MIN_PASSWORD_LENGTH, message: validation.signInPasswordMin },
  },
} satisfies { [K in keyof SignInPayload]: RegisterOptions<SignInPayload, K> };
