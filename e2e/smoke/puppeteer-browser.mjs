// Chromium (DevTools protocol) and Firefox ESR (WebDriver BiDi), both through puppeteer-core, which
// never downloads a browser: it starts Debian's binaries, headless.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { FIREFOX_PATH } from './engines.mjs';
import { PROBE_SOURCE, takeViolations } from './probe.mjs';

const VIEWPORT = { width: 1280, height: 800 };
const WAIT_MS = 30_000;

/** @type {Record<'chromium' | 'firefox', import('puppeteer-core').LaunchOptions>} */
const LAUNCH = {
  chromium: { browser: 'chrome', executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  firefox: { browser: 'firefox', executablePath: FIREFOX_PATH, protocol: 'webDriverBiDi' },
};

/**
 * @param {'chromium' | 'firefox'} engine
 * @returns {Promise<import('./page.mjs').SmokeBrowser>}
 */
export async function launchPuppeteer(engine) {
  const browser = await puppeteer.launch({
    ...LAUNCH[engine],
    headless: true,
    // The stack serves HTTPS on a certificate made locally (scripts/lib/local-certificate.mjs).
    acceptInsecureCerts: true,
    defaultViewport: VIEWPORT,
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(WAIT_MS);
    page.setDefaultNavigationTimeout(WAIT_MS);
    await page.evaluateOnNewDocument(PROBE_SOURCE);
    /** @type {import('./page.mjs').ConsoleMessage[]} */
    const messages = [];
    page.on('console', (message) => {
      const type = message.type();
      if (type === 'error' || type === 'warn')
        messages.push({ level: type === 'warn' ? 'warning' : 'error', text: message.text() });
    });
    page.on('pageerror', (error) => {
      messages.push({ level: 'error', text: error instanceof Error ? error.message : String(error) });
    });
    return {
      engine,
      version: await browser.version(),
      goto: async (url) => {
        await page.goto(url, { waitUntil: 'load' });
      },
      click: (selector) => page.locator(selector).click(),
      type: (selector, text) => page.locator(selector).fill(text),
      evaluate: (fn, ...args) => page.evaluate(fn, ...args),
      takeProblems: async () => ({ violations: await page.evaluate(takeViolations), messages: messages.splice(0) }),
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
