import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { useSessionStore } from '@devhub/shared/session-store';

const initialSession = useSessionStore.getState();

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Stores are module singletons: every test starts signed out.
  useSessionStore.setState(initialSession, true);
});
