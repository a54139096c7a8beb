// `node e2e/support/preflight.mjs`: the first step of `npm run test:e2e`. Without Chromium it
// prints one line saying what to install and exits 1, before anything is built or started.
import { MISSING_CHROMIUM, chromiumInstalled } from './chromium.mjs';

if (!chromiumInstalled()) {
  console.error(MISSING_CHROMIUM);
  process.exit(1);
}
