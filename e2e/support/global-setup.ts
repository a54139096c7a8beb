// The same check as preflight.mjs for `npx playwright test` run directly: one line, no test scheduled.
import { MISSING_CHROMIUM, chromiumInstalled } from './chromium.mjs';

export default function globalSetup(): void {
  if (chromiumInstalled()) return;
  const error = new Error(MISSING_CHROMIUM);
  error.stack = MISSING_CHROMIUM;
  throw error;
}
