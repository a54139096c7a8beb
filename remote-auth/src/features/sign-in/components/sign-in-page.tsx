import { Navigate } from 'react-router';
import { AUTH_TEXT } from '../../../lib/auth-text';
import { AuthLayout } from '../../../lib/components/auth-layout';
import { useSignedInAtMount } from '../../../lib/use-signed-in-at-mount';
import { SignInForm } from './sign-in-form';

export function SignInPage() {
  if (useSignedInAtMount()) return <Navigate to="/" replace />;
  return (
    <AuthLayout title={AUTH_TEXT.signInTitle} subtitle={AUTH_TEXT.signInSubtitle}>
      <SignInForm />
    </AuthLayout>
  );
}
