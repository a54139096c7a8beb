// `node e2e/support/preflight.mjs`: the first step of `npm run test:e2e`. Without Chromium it
// prints one line saying what to install and exits 1, before anything is built or started.
import { parseCliOrExit } from '../../scripts/lib/cli.mjs';
import { MISSING_CHROMIUM, chromiumInstalled } from './chromium.mjs';

parseCliOrExit('preflight', {
  usage: `usage: node e2e/support/preflight.mjs
Exits 1 with one line saying what to install when Chromium is missing (the first step of npm run test:e2e).
  -h, --help  this help`,
});

if (!chromiumInstalled()) {
  console.error(MISSING_CHROMIUM);
  process.exit(1);
}
