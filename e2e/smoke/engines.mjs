// The programs the smoke suite drives, each from a Debian package, never a downloaded browser:
// Chromium, Firefox ESR, and WebKitGTK through WebKitWebDriver in an X server of its own (Xvfb),
// hosted by a small GJS program (webkit-embedder.js) that can show the pages' console.
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from '../support/chromium.mjs';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const XVFB_PATH = '/usr/bin/Xvfb';
export const GJS_PATH = '/usr/bin/gjs';

/** The engines, in the order the suite runs them. */
export const ENGINES = /** @type {const} */ (['chromium', 'firefox', 'webkit']);

/** Where GObject introspection keeps its typelibs: one folder per architecture, or none. */
function typelibDirs(root = '/usr/lib') {
  const dirs = [join(root, 'girepository-1.0')];
  try {
    for (const name of readdirSync(root)) dirs.push(join(root, name, 'girepository-1.0'));
  } catch {
    // No /usr/lib: nothing is installed.
  }
  return dirs;
}

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Debian packages the smoke suite needs and this machine lacks.
 *
 * @param {{ executable?: (path: string) => boolean, typelib?: () => boolean }} [probe]  how a program and
 *   WebKitGTK's typelib are looked for (a test passes its own)
 * @returns {string[]}
 */
export function missingPackages(probe = {}) {
  const isExecutable = probe.executable ?? executable;
  const hasTypelib = probe.typelib ?? (() => typelibDirs().some((dir) => existsSync(join(dir, 'WebKit2-4.1.typelib'))));
  return [
    [CHROMIUM_PATH, 'chromium'],
    [FIREFOX_PATH, 'firefox-esr'],
    [WEBKIT_DRIVER_PATH, 'webkit2gtk-driver'],
    [XVFB_PATH, 'xvfb'],
    [GJS_PATH, 'gjs'],
  ]
    .filter(([path]) => !isExecutable(path))
    .map(([, name]) => name)
    .concat(hasTypelib() ? [] : ['gir1.2-webkit2-4.1']);
}

/** The one line printed when something is missing: what to install. */
export function missingLine(packages) {
  return `The browser tests need ${packages.join(', ')} — install with: sudo apt-get install -y ${packages.join(' ')}`;
}
