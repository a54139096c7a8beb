import { AUTH_TEXT } from '../../../lib/auth-text';

export function SignUpPage() {
  return (
    <section>
      <h1>{AUTH_TEXT.signUpTitle}</h1>
    </section>
  );
}
