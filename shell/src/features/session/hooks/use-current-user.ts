import { useEffect, useState } from 'react';
import { useSessionStore } from '@devhub/shared/session-store';
import type { CurrentUser } from '@devhub/shared/types';

/** The signed-in user's profile from the auth API; null while unknown or signed out. */
export function useCurrentUser(): CurrentUser | null {
  const token = useSessionStore((state) => state.token);
  const [user, setUser] = useState<{ token: string; profile: CurrentUser } | null>(null);
  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    // Loaded on demand: a signed-out visitor's first load carries no HTTP client.
    import('@devhub/shared/auth-api')
      .then(({ fetchCurrentUser }) => fetchCurrentUser(controller.signal))
      .then((profile) => {
        if (profile) setUser({ token, profile });
      })
      // A failed profile fetch only costs the display name; a 401 already ends the session in the client.
      .catch(() => undefined);
    return () => controller.abort();
  }, [token]);
  return user && user.token === token ? user.profile : null;
}
