// `node e2e/support/preflight.mjs`: the first step of `npm run test:e2e`. Without Chromium's
// headless shell it prints one line saying what to install and exits 1, before anything is built
// or started. With --smoke, the first step of `npm test`: the same for the headless shell and every
// engine of the smoke suite (Chromium, Firefox ESR, WebKitGTK's driver, Xvfb, GJS and WebKitGTK's typelib).
import { parseCliOrExit } from '../../scripts/lib/cli.mjs';
import { missingLine, missingPackages } from '../smoke/engines.mjs';
import { MISSING_HEADLESS_SHELL, headlessShellInstalled } from './chromium.mjs';

const { values } = parseCliOrExit('preflight', {
  usage: `usage: node e2e/support/preflight.mjs [--smoke]
Exits 1 with one line saying what to install when Chromium's headless shell is missing (the first step of npm run test:e2e).
  --smoke     that and every browser and tool of the smoke suite (the first step of npm test)
  -h, --help  this help`,
  options: { smoke: { type: 'boolean' } },
});

if (values.smoke) {
  const missing = [...(headlessShellInstalled() ? [] : ['chromium-headless-shell']), ...missingPackages()];
  if (missing.length) {
    console.error(missingLine(missing));
    process.exit(1);
  }
} else if (!headlessShellInstalled()) {
  console.error(MISSING_HEADLESS_SHELL);
  process.exit(1);
}
