import { AUTH_TEXT } from '@devhub/shared/strings';

export function SignInPage() {
  return (
    <section>
      <h1>{AUTH_TEXT.signInTitle}</h1>
    </section>
  );
}
