import { create } from 'zustand';
import { STORAGE_KEYS } from '@devhub/shared/constants';
import { readStorage, writeStorage } from '@devhub/shared/browser-storage';

export interface SessionState {
  token: string | null;
  /** Derived from `token`; kept in state so components select one boolean. */
  isAuthenticated: boolean;
  signIn: (token: string) => void;
  signOut: () => void;
  /** Adopts a token written by another tab (or removed there) without writing storage back. */
  syncFromStorage: () => void;
}

function sessionFromToken(token: string | null): Pick<SessionState, 'token' | 'isAuthenticated'> {
  const usable = token !== null && token.trim() !== '' ? token : null;
  return { token: usable, isAuthenticated: usable !== null };
}

/**
 * The one session store. It is a federation singleton: the shell and every remote import
 * this module and get the same instance, so signing in inside remote-auth updates the
 * shell's header at once.
 *
 * Its initial state is a visitor without a session, which is what a page rendered ahead of time
 * shows; the browser's session is applied right after. React renders the initial state while it
 * hydrates such a page (zustand's server snapshot), then the session, so the markup matches.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  ...sessionFromToken(null),
  signIn: (token) => {
    // A blank token is no session: nothing is kept that would read as one on the next visit.
    const session = sessionFromToken(token);
    writeStorage(STORAGE_KEYS.accessToken, session.token);
    set(session);
  },
  signOut: () => {
    writeStorage(STORAGE_KEYS.accessToken, null);
    set(sessionFromToken(null));
  },
  syncFromStorage: () => set(sessionFromToken(readStorage(STORAGE_KEYS.accessToken))),
}));

/**
 * "Đăng xuất": ends the session here at once, then has the auth API revoke its token, so that no
 * copy of it (another tab, a leaked log) opens the account until it expires. The visitor never
 * waits for the answer, and no answer changes the outcome: a network error, a 401 or a 500 leaves
 * them signed out here all the same. The HTTP client loads on demand, as it does for the profile,
 * so a visitor who never signed in never downloads it.
 *
 * Resolves once the auth API has answered or failed; never rejects.
 */
export async function signOutEverywhere(): Promise<void> {
  const { token, signOut } = useSessionStore.getState();
  signOut();
  if (token === null) return;
  try {
    // The call auth-api.ts's `logout` makes, on the client itself: the auth API's calls read this
    // store, so it reaches below them for the client, and no import goes round in a circle.
    const { apiClient } = await import('@devhub/shared/api-client');
    await apiClient.post('/auth/logout', undefined, {
      headers: { Authorization: `Bearer ${token}` },
      // Its 401 means "that token was already dead", and must not end a session signed in since.
      skipSessionExpiry: true,
    });
  } catch {
    // Signed out here whatever happened there: the token then lives until it expires.
  }
}

if (typeof window !== 'undefined') {
  useSessionStore.getState().syncFromStorage();
  window.addEventListener('storage', (event) => {
    // `key === null` means another tab cleared all of localStorage.
    if (event.key === STORAGE_KEYS.accessToken || event.key === null) {
      useSessionStore.getState().syncFromStorage();
    }
  });
}
