import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useContentReady } from '@devhub/shared/use-content-ready';
import type { SignInPayload } from '@devhub/shared/types';
import { AUTH_TEXT } from '../../../lib/auth-text';
import styles from '../../../lib/auth-form.module.css';
import { FormField } from '../../../lib/components/form-field';
import { SocialSignIn } from '../../../lib/components/social-sign-in';
import { SubmitButton } from '../../../lib/components/submit-button';
import { useRedirectTarget } from '../../../lib/use-redirect-target';
import { useSignIn } from '../../../lib/use-sign-in';
import { SIGN_IN_RULES } from '../lib/sign-in-rules';

const EMPTY: SignInPayload = { username: '', password: '' };

export function SignInForm() {
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInPayload>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: EMPTY });
  const signIn = useSignIn();
  const { linkTo } = useRedirectTarget();
  useContentReady('auth/SignInPage');

  const onSubmit = async (values: SignInPayload) => {
    if ((await signIn(values)) === 'rejected') {
      // Spec §4: refused credentials clear the password only; the username stays for the retry.
      resetField('password');
      setFocus('password');
    }
  };

  return (
    <>
      {/* POST: sent before any script runs (scripts blocked), a form must not put the password in the address. */}
      <form className={styles.form} method="post" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <FormField
          label={AUTH_TEXT.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={AUTH_TEXT.placeholders.username}
          registration={register('username', SIGN_IN_RULES.username)}
          error={errors.username?.message}
        />
        <FormField
          label={AUTH_TEXT.password}
          type="password"
          autoComplete="current-password"
          placeholder={AUTH_TEXT.placeholders.password}
          registration={register('password', SIGN_IN_RULES.password)}
          error={errors.password?.message}
          labelAside={
            // eslint-disable-next-line jsx-a11y/anchor-is-valid -- spec §2: 'Quên mật khẩu?' links nowhere (href "#").
            <a className={styles.textLink} href="#">
              {AUTH_TEXT.forgotPassword}
            </a>
          }
        />
        <SubmitButton loading={isSubmitting}>{AUTH_TEXT.signInTitle}</SubmitButton>
      </form>
      <SocialSignIn />
      <p className={styles.switch}>
        {AUTH_TEXT.noAccount}{' '}
        <Link className={styles.textLink} to={linkTo('/signup')}>
          {AUTH_TEXT.signUpTitle}
        </Link>
      </p>
    </>
  );
}
