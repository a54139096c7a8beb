import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { useSessionStore } from '@devhub/shared/session-store';
import { server } from './msw-server';

const initialSession = useSessionStore.getState();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // Stores are module singletons: every test starts signed out.
  useSessionStore.setState(initialSession, true);
});

afterAll(() => server.close());
