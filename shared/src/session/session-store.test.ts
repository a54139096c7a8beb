import { act } from '@testing-library/react';
import { useSessionStore } from './session-store';

describe('session store', () => {
  it('starts signed out in a fresh browser', () => {
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it('keeps the raw token under access_token on sign-in and removes it on sign-out', () => {
    useSessionStore.getState().signIn('abc.def.ghi');
    expect(localStorage.getItem('access_token')).toBe('abc.def.ghi');
    expect(useSessionStore.getState()).toMatchObject({ token: 'abc.def.ghi', isAuthenticated: true });

    useSessionStore.getState().signOut();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ token: null, isAuthenticated: false });
  });

  it('follows sign-in and sign-out made in another tab', () => {
    act(() => {
      localStorage.setItem('access_token', 'from-other-tab');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'from-other-tab' }));
    });
    expect(useSessionStore.getState().isAuthenticated).toBe(true);

    act(() => {
      localStorage.removeItem('access_token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: null }));
    });
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it('ignores changes to unrelated keys', () => {
    localStorage.setItem('access_token', 'written-behind-our-back');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });
});
