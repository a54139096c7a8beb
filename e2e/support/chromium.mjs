// Debian's Chromium, never a downloaded browser, in its two packages: the full browser (the smoke
// suite's Chromium, the benchmark and the screenshots: what visitors run) and the old headless shell
// (`chromium-headless-shell`), which the Playwright tests drive, as Playwright itself does for a
// headless run: the same tests took 0.72× the time and 0.66× the CPU of the full browser (bench/ab.md).
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The one line printed when the full browser is missing: what to install, or which variable to set. */
export const MISSING_CHROMIUM = `Chromium not found at ${CHROMIUM_PATH} — install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`;

/** The same for the headless shell the browser tests drive. */
export const MISSING_HEADLESS_SHELL = `Chromium's headless shell not found at ${HEADLESS_SHELL_PATH} — install it with: sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_HEADLESS_SHELL_PATH)`;

const executable = (/** @type {string} */ path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const chromiumInstalled = () => executable(CHROMIUM_PATH);
export const headlessShellInstalled = () => executable(HEADLESS_SHELL_PATH);
