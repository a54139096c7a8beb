import { setupServer } from 'msw/node';

/**
 * The one fake network of the unit tests: every test adds the handlers it needs
 * (`server.use(...)`); the shared setup resets them after each test and fails a test whose
 * code calls anything unhandled.
 */
export const server = setupServer();
