import { act } from '@testing-library/react';
import { useSessionStore } from './session-store';

/** The store as a page that opens now finds it: a fresh module instance reading today's localStorage. */
async function storeAtStartUp(): Promise<typeof useSessionStore> {
  let store: typeof useSessionStore | undefined;
  await jest.isolateModulesAsync(async () => {
    ({ useSessionStore: store } = await import('./session-store'));
  });
  return store as typeof useSessionStore;
}

function storageEvent(key: string | null, newValue: string | null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
  });
}

describe('session store', () => {
  describe('at start-up', () => {
    it('resumes the session whose token a previous visit kept under access_token', async () => {
      localStorage.setItem('access_token', 'abc.def.ghi');
      const store = await storeAtStartUp();
      expect(store.getState()).toMatchObject({ token: 'abc.def.ghi', isAuthenticated: true });
    });

    it('keeps a visitor without a session as its initial state, what a page rendered ahead of time shows while it hydrates', async () => {
      localStorage.setItem('access_token', 'abc.def.ghi');
      const store = await storeAtStartUp();
      // zustand gives React the initial state as the server snapshot: the hydrated markup matches.
      expect(store.getInitialState()).toMatchObject({ token: null, isAuthenticated: false });
      expect(store.getState()).toMatchObject({ isAuthenticated: true });
    });

    it('starts signed out when no token is stored, whatever else is', async () => {
      localStorage.setItem('theme', 'dark');
      const store = await storeAtStartUp();
      expect(store.getState()).toMatchObject({ token: null, isAuthenticated: false });
    });

    it.each([[''], ['   '], ['\t\n']])('does not take a blank stored token (%j) for a session', async (blank) => {
      localStorage.setItem('access_token', blank);
      const store = await storeAtStartUp();
      expect(store.getState()).toMatchObject({ token: null, isAuthenticated: false });
    });

    it('starts signed out when the browser refuses access to localStorage', async () => {
      const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      });
      try {
        const store = await storeAtStartUp();
        expect(store.getState()).toMatchObject({ token: null, isAuthenticated: false });
      } finally {
        getItem.mockRestore();
      }
    });
  });

  it('keeps the raw token under access_token on sign-in and removes it on sign-out', () => {
    useSessionStore.getState().signIn('abc.def.ghi');
    expect(localStorage.getItem('access_token')).toBe('abc.def.ghi');
    expect(useSessionStore.getState()).toMatchObject({ token: 'abc.def.ghi', isAuthenticated: true });

    useSessionStore.getState().signOut();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
  });

  it('keeps no blank token: signing in with one leaves the visitor signed out, with nothing stored', () => {
    useSessionStore.getState().signIn('abc.def.ghi');
    useSessionStore.getState().signIn('   ');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
  });

  describe('another tab', () => {
    it('follows a sign-in and a sign-out made there', () => {
      localStorage.setItem('access_token', 'from-other-tab');
      storageEvent('access_token', 'from-other-tab');
      expect(useSessionStore.getState()).toMatchObject({ token: 'from-other-tab', isAuthenticated: true });

      localStorage.removeItem('access_token');
      storageEvent('access_token', null);
      expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
    });

    it('signs out when the other tab clears all of localStorage', () => {
      useSessionStore.getState().signIn('mine');
      localStorage.clear();
      storageEvent(null, null);
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
    });

    it('does not take a blank token written there for a session', () => {
      localStorage.setItem('access_token', '  ');
      storageEvent('access_token', '  ');
      expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
    });

    it('ignores changes to other keys', () => {
      localStorage.setItem('access_token', 'written-behind-our-back');
      storageEvent('theme', 'dark');
      expect(useSessionStore.getState().isAuthenticated).toBe(false);
    });
  });
});
