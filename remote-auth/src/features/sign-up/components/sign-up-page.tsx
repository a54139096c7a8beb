import { Navigate } from 'react-router';
import illustration from '../../../assets/sign-up-illustration.svg';
import { AUTH_TEXT } from '../../../lib/auth-text';
import { AuthLayout } from '../../../lib/components/auth-layout';
import { useSignedInAtMount } from '../../../lib/use-signed-in-at-mount';
import styles from './sign-up-page.module.css';
import { SignUpForm } from './sign-up-form';

export function SignUpPage() {
  if (useSignedInAtMount()) return <Navigate to="/" replace />;
  return (
    <AuthLayout
      title={AUTH_TEXT.signUpTitle}
      subtitle={AUTH_TEXT.signUpSubtitle}
      aside={
        <>
          <img className={styles.illustration} src={illustration} alt="" width={440} height={360} loading="lazy" />
          <div className={styles.caption}>
            <p className={styles.captionTitle}>{AUTH_TEXT.aside.title}</p>
            <p className={styles.captionBody}>{AUTH_TEXT.aside.body}</p>
          </div>
        </>
      }
    >
      <SignUpForm />
    </AuthLayout>
  );
}
