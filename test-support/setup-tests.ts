import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { apiClient } from '@devhub/shared/api-client';
import { useSessionStore } from '@devhub/shared/session-store';
import { authApi } from './auth-api-handlers';
import { forgetSentRequests, server } from './msw-server';

// findBy*/waitFor give up after this long: what they wait for is an effect, and a loaded machine
// (another test run beside this one) can take longer than the library's default second to show it.
configure({ asyncUtilTimeout: 10_000 });

const initialSession = useSessionStore.getState();
const initialApiClient = { adapter: apiClient.defaults.adapter, baseURL: apiClient.defaults.baseURL };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  // The fake network: its handlers, the auth API's accounts and tokens, the requests seen.
  server.resetHandlers();
  authApi.reset();
  forgetSentRequests();
  // Module singletons: every test starts signed out, with no toast and the API client as built.
  localStorage.clear();
  useSessionStore.setState(initialSession, true);
  toast.removeAll();
  Object.assign(apiClient.defaults, initialApiClient);
  document.title = '';
});

afterAll(() => server.close());
