import { AUTH_TEXT } from '../../../lib/auth-text';

export function SignInPage() {
  return (
    <section>
      <h1>{AUTH_TEXT.signInTitle}</h1>
    </section>
  );
}
