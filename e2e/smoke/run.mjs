// `node e2e/smoke/run.mjs` (`npm run test:smoke`): the smoke scenario (scenario.mjs) in Chromium,
// Firefox ESR and WebKitGTK, one browser at a time, on one prerendered preview stack. Needs the
// production builds (`npm run build`). Exits 1 if any check failed; the last line says how many.
import { CliError, UsageError, parseCliOrExit, runCli } from '../../scripts/lib/cli.mjs';
import { ENGINES, missingLine, missingPackages } from './engines.mjs';
import { resultLine, summary } from './report.mjs';
import { expectNoProblems, smokeChecks } from './scenario.mjs';
import { describeViolation } from './probe.mjs';

const { values } = parseCliOrExit('smoke', {
  usage: `usage: node e2e/smoke/run.mjs [--engine <name>]…
Runs the smoke scenario on the prerendered preview stack in each engine, one at a time: every public
route renders and hydrates, the theme toggle, a link between two remotes' pages without a reload,
sign-in, the account page; no CSP violation and no console error anywhere. Needs "npm run build".
  --engine <name>  only this engine (${ENGINES.join(', ')}); may be repeated
  -h, --help       this help`,
  options: { engine: { type: 'string', multiple: true } },
});

// Loaded once the arguments are known to be right: the stack and the browser drivers take seconds
// to load, which --help and a wrong argument need not wait for.
const { startStack } = await import('../support/stack.mjs');
const { launchPuppeteer } = await import('./puppeteer-browser.mjs');
const { launchWebKit } = await import('./webkit-browser.mjs');

const message = (error) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

/** @param {string} engine */
const launch = (engine) => (engine === 'webkit' ? launchWebKit() : launchPuppeteer(/** @type {any} */ (engine)));

/** What the page reported besides a failure, so that the failure's line explains it. */
async function problemsOf(browser) {
  const { violations, messages } = await browser.takeProblems().catch(() => ({ violations: [], messages: [] }));
  return [
    ...violations.map(describeViolation),
    ...messages.filter((entry) => entry.level === 'error').map((entry) => `console: ${entry.text}`),
  ];
}

/** What to stop if the run is interrupted: the current browser, then the stack. */
const running = { browser: undefined, stack: undefined };
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    void Promise.allSettled([running.browser?.close(), running.stack?.stop()]).then(() => process.exit(1));
  });
}

runCli(
  'smoke',
  async () => {
    const engines = values.engine ?? [...ENGINES];
    const unknown = engines.filter((engine) => !ENGINES.includes(/** @type {any} */ (engine)));
    if (unknown.length) throw new UsageError(`unknown engine ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`);
    const missing = missingPackages();
    if (missing.length) {
      console.error(missingLine(missing));
      return 1;
    }

    const stack = await startStack({ api: true, prerender: true }).catch((error) => {
      throw new CliError(`cannot start the preview stack: ${message(error)}`);
    });
    running.stack = stack;
    /** @type {import('./report.mjs').Result[]} */
    const results = [];
    const record = (result) => {
      results.push(result);
      console.log(resultLine(result));
    };
    try {
      for (const engine of engines) {
        const checks = smokeChecks(stack);
        let browser;
        try {
          browser = await launch(engine);
        } catch (error) {
          for (const check of checks) {
            record({ engine, check: check.name, ok: false, detail: `the browser did not start: ${message(error)}` });
          }
          continue;
        }
        running.browser = browser;
        console.log(`${engine}: ${browser.version}`);
        try {
          for (const check of checks) {
            try {
              await check.run(browser);
              record({ engine, check: check.name, ok: true, warnings: await expectNoProblems(browser) });
            } catch (error) {
              const seen = await problemsOf(browser);
              const detail = [message(error), ...(seen.length ? [`the page also reported: ${seen.join('; ')}`] : [])];
              record({ engine, check: check.name, ok: false, detail: detail.join('\n       ') });
            }
          }
        } finally {
          running.browser = undefined;
          await browser.close().catch(() => undefined);
        }
      }
    } finally {
      running.stack = undefined;
      await stack.stop();
    }
    console.log(summary(results, engines));
    return results.every((result) => result.ok) ? 0 : 1;
  },
  { known: [] },
);
