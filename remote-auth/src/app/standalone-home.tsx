import { Link } from 'react-router';
import { useSessionStore } from '@devhub/shared/session-store';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { AUTH_TEXT } from '../lib/auth-text';

/**
 * "/" when this remote runs alone: the shell's home page is not here, so this stands in for
 * it and shows where a sign-in landed.
 */
export function StandaloneHome() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const signOut = useSessionStore((state) => state.signOut);
  return (
    <section>
      <h1>{SHELL_TEXT.nav.home}</h1>
      {isAuthenticated ? (
        <button type="button" onClick={signOut}>
          {SHELL_TEXT.userMenu.logout}
        </button>
      ) : (
        <p>
          <Link to="/signin">{AUTH_TEXT.signInTitle}</Link> · <Link to="/signup">{AUTH_TEXT.signUpTitle}</Link>
        </p>
      )}
    </section>
  );
}
