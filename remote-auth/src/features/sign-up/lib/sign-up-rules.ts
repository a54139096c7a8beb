import type { RegisterOptions } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '@devhub/shared/constants';
import type { SignUpPayload } from '@devhub/shared/types';
import { AUTH_TEXT } from '../../../lib/auth-text';

const { validation } = AUTH_TEXT;

// The auth API's shape check, so a typo is caught here instead of costing the whole form (a 400 resets it).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;

const filled = (message: string) => (value: string) => value.trim() !== '' || message;

/** Spec §5, sign-up. Text fields of spaces only count as not entered. */
export const SIGN_UP_RULES = {
  displayName: { validate: filled(validation.displayNameRequired) },
  username: { validate: filled(validation.usernameRequired) },
  email: {
    validate: {
      filled: filled(validation.emailRequired),
      shape: (value) => EMAIL_SHAPE.test(value.trim()) || validation.emailInvalid,
    },
  },
  password: {
    required: validation.passwordRequired,
    minLength: { value: MIN_PASSWORD_LENGTH, message: validation.passwordMin },
    // Once the form has been submitted, changing the password re-checks its confirmation too.
    deps: ['confirmPassword'],
  },
  confirmPassword: {
    required: validation.confirmPasswordRequired,
    validate: (value, values) => value === values.password || validation.confirmPasswordMismatch,
  },
} satisfies { [K in keyof SignUpPayload]: RegisterOptions<SignUpPayload, K> };
