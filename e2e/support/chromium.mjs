// Debian's Chromium, never a downloaded browser: where it is and how every browser run starts
// it (the Playwright config, the screenshots and the benchmark).
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The one line printed when the browser is missing: what to install, or which variable to set. */
export const MISSING_CHROMIUM = `Chromium not found at ${CHROMIUM_PATH} — install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`;

export function chromiumInstalled() {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
