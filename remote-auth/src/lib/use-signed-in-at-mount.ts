import { useState } from 'react';
import { useSessionStore } from '@devhub/shared/session-store';

/**
 * Whether a session existed when the page opened. Read once, on purpose: reacting to later
 * changes would race the page's own navigation to the redirect target after signing in.
 */
export function useSignedInAtMount(): boolean {
  const [signedIn] = useState(() => useSessionStore.getState().isAuthenticated);
  return signedIn;
}
