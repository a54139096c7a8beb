// `node e2e/support/preflight.mjs`: the first step of `npm run test:e2e`. Without Chromium it
// prints one line saying what to install and exits 1, before anything is built or started.
// With --smoke, the first step of `npm run test:smoke`: the same for every engine of the smoke
// suite (Chromium, Firefox ESR, WebKitGTK's driver, Xvfb, GJS and WebKitGTK's typelib).
import { parseCliOrExit } from '../../scripts/lib/cli.mjs';
import { missingLine, missingPackages } from '../smoke/engines.mjs';
import { MISSING_CHROMIUM, chromiumInstalled } from './chromium.mjs';

const { values } = parseCliOrExit('preflight', {
  usage: `usage: node e2e/support/preflight.mjs [--smoke]
Exits 1 with one line saying what to install when Chromium is missing (the first step of npm run test:e2e).
  --smoke     every browser and tool of the smoke suite instead (the first step of npm run test:smoke)
  -h, --help  this help`,
  options: { smoke: { type: 'boolean' } },
});

if (values.smoke) {
  const missing = missingPackages();
  if (missing.length) {
    console.error(missingLine(missing));
    process.exit(1);
  }
} else if (!chromiumInstalled()) {
  console.error(MISSING_CHROMIUM);
  process.exit(1);
}
