import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useContentReady } from '@devhub/shared/use-content-ready';
import type { SignUpPayload } from '@devhub/shared/types';
import { AUTH_TEXT } from '../../../lib/auth-text';
import styles from '../../../lib/auth-form.module.css';
import { FormField } from '../../../lib/components/form-field';
import { SocialSignIn } from '../../../lib/components/social-sign-in';
import { SubmitButton } from '../../../lib/components/submit-button';
import { useRedirectTarget } from '../../../lib/use-redirect-target';
import { useSignUp } from '../hooks/use-sign-up';
import { SIGN_UP_RULES } from '../lib/sign-up-rules';

const EMPTY: SignUpPayload = { displayName: '', username: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignUpPayload>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: EMPTY });
  const signUp = useSignUp();
  const { linkTo } = useRedirectTarget();
  useContentReady('auth/SignUpPage');

  const onSubmit = async (values: SignUpPayload) => {
    if ((await signUp(values)) === 'reset') reset(EMPTY);
  };

  const { placeholders } = AUTH_TEXT;
  return (
    <>
      {/* POST: sent before any script runs (scripts blocked), a form must not put the password in the address. */}
      <form className={styles.form} method="post" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <FormField
          label={AUTH_TEXT.displayName}
          autoComplete="name"
          maxLength={100}
          placeholder={placeholders.displayName}
          registration={register('displayName', SIGN_UP_RULES.displayName)}
          error={errors.displayName?.message}
        />
        <FormField
          label={AUTH_TEXT.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={50}
          placeholder={placeholders.username}
          registration={register('username', SIGN_UP_RULES.username)}
          error={errors.username?.message}
        />
        <FormField
          label={AUTH_TEXT.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          placeholder={placeholders.email}
          registration={register('email', SIGN_UP_RULES.email)}
          error={errors.email?.message}
        />
        <FormField
          label={AUTH_TEXT.password}
          type="password"
          autoComplete="new-password"
          placeholder={placeholders.newPassword}
          registration={register('password', SIGN_UP_RULES.password)}
          error={errors.password?.message}
        />
        <FormField
          label={AUTH_TEXT.confirmPassword}
          type="password"
          autoComplete="new-password"
          placeholder={placeholders.confirmPassword}
          registration={register('confirmPassword', SIGN_UP_RULES.confirmPassword)}
          error={errors.confirmPassword?.message}
        />
        <SubmitButton loading={isSubmitting}>{AUTH_TEXT.signUpTitle}</SubmitButton>
      </form>
      <SocialSignIn />
      <p className={styles.switch}>
        {AUTH_TEXT.haveAccount}{' '}
        <Link className={styles.textLink} to={linkTo('/signin')}>
          {AUTH_TEXT.signInTitle}
        </Link>
      </p>
    </>
  );
}
