import { useState, useSyncExternalStore } from 'react';
import { useSessionStore } from '@devhub/shared/session-store';

const subscribeNever = () => () => undefined;

/**
 * Whether a session existed when the page opened. Read once, on purpose: reacting to later
 * changes would race the page's own navigation to the redirect target after signing in.
 *
 * A page rendered ahead of time was rendered without a session: while React hydrates it, this
 * answers as the server did (the form), then with the session, so the markup always matches.
 */
export function useSignedInAtMount(): boolean {
  const [signedIn] = useState(() => useSessionStore.getState().isAuthenticated);
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return hydrated && signedIn;
}
