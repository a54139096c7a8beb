import { AUTH_TEXT } from '@devhub/shared/strings';

export function SignUpPage() {
  return (
    <section>
      <h1>{AUTH_TEXT.signUpTitle}</h1>
    </section>
  );
}
