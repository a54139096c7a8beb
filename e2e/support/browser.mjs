// Chromium for the scripts that drive it outside the test runner (`npm run screenshots`,
// `npm run bench`): the same binary and flags as the Playwright config.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, MISSING_CHROMIUM, chromiumInstalled } from './chromium.mjs';

export { CHROMIUM_PATH };

export async function launchBrowser() {
  if (!chromiumInstalled()) throw new Error(MISSING_CHROMIUM);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
