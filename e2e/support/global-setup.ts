// The same check as preflight.mjs for `npx playwright test` run directly: one line, no test scheduled.
import { MISSING_HEADLESS_SHELL, headlessShellInstalled } from './chromium.mjs';

export default function globalSetup(): void {
  if (headlessShellInstalled()) return;
  const error = new Error(MISSING_HEADLESS_SHELL);
  error.stack = MISSING_HEADLESS_SHELL;
  throw error;
}
