// The production stack and a browser for one test file: started before its tests, stopped after.
import { after, before } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { startStack } from './stack.mjs';

/**
 * @param {Parameters<typeof startStack>[0]} [options]
 * @returns {{ stack: Awaited<ReturnType<typeof startStack>>, browser: import('playwright-core').Browser }}
 *   filled once the suite's `before` has run.
 */
export function useStack(options) {
  const suite = {};
  before(async () => {
    suite.stack = await startStack(options);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });
  return suite;
}
