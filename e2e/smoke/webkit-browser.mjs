// WebKitGTK (Safari's engine) through WebKitWebDriver, W3C WebDriver classic (Debian's driver has no
// BiDi: it refuses `webSocketUrl`), driven by selenium-webdriver. The browser is webkit-embedder.js,
// in an X server of its own (Xvfb on a free display); its console comes through its standard output.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { By, Capabilities, WebDriver, error as webdriverError, until } from 'selenium-webdriver';
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js';
import { freePort } from '../../scripts/test/free-port.mjs';
import { GJS_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from './engines.mjs';
import { PROBE_SOURCE, takeViolations } from './probe.mjs';
import { collectConsole } from './webkit-console.mjs';

const EMBEDDER = fileURLToPath(new URL('./webkit-embedder.js', import.meta.url));
const WAIT_MS = 30_000;

/**
 * Starts `command` in a process group of its own, so that stopping it stops what it started too
 * (the driver starts the browser, the browser its web and network processes).
 */
function startGroup(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
    } catch {
      return; // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, exited, stop };
}

/** Xvfb on a display it picks itself (-displayfd): never one a developer's session holds. */
async function startXvfb() {
  const xvfb = startGroup(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise((resolve, reject) => {
    xvfb.child.stdio[3]?.once('data', (data) => resolve(`:${String(data).trim()}`));
    xvfb.child.once('error', reject);
    void xvfb.exited.then((code) => reject(new Error(`Xvfb exited (${code}) before it opened a display`)));
  });
  return { display, stop: xvfb.stop };
}

/** Resolves once the driver answers /status ready. */
async function driverReady(url, driver) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (driver.child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${driver.child.exitCode}`);
    try {
      const status = await (await fetch(`${url}/status`)).json();
      if (status?.value?.ready) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer ${url}/status`);
}

/**
 * Retries `action` while the element it found was replaced (React re-rendering it) or not yet
 * interactable, until the wait's budget is spent.
 */
async function retrying(action) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await action();
    } catch (error) {
      const retriable =
        error instanceof webdriverError.StaleElementReferenceError ||
        error instanceof webdriverError.ElementNotInteractableError ||
        error instanceof webdriverError.ElementClickInterceptedError;
      if (!retriable || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** @returns {Promise<import('./page.mjs').SmokeBrowser>} */
export async function launchWebKit() {
  const cleanups = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const xvfb = await startXvfb();
    cleanups.push(xvfb.stop);
    const port = await freePort();
    const driverProcess = startGroup(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: xvfb.display },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(driverProcess.stop);
    // The browser writes to the driver's streams: its console may come through either.
    const consoles = [driverProcess.child.stdout, driverProcess.child.stderr].map((stream) =>
      collectConsole(/** @type {NodeJS.ReadableStream} */ (stream)),
    );
    const url = `http://127.0.0.1:${port}`;
    await driverReady(url, driverProcess);

    const dataDir = mkdtempSync(join(tmpdir(), 'devhub-smoke-webkit-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const driver = await WebDriver.createSession(
      new Executor(new HttpClient(url)),
      new Capabilities({
        // The stack serves HTTPS on a certificate made locally (scripts/lib/local-certificate.mjs).
        acceptInsecureCerts: true,
        'webkitgtk:browserOptions': {
          binary: GJS_PATH,
          args: ['-m', EMBEDDER, '--data-dir', dataDir, '--user-script', PROBE_SOURCE],
        },
      }),
    );
    cleanups.push(() => driver.quit());
    await driver.manage().setTimeouts({ pageLoad: WAIT_MS, script: WAIT_MS });
    const capabilities = await driver.getCapabilities();

    const find = async (selector) => {
      const element = await driver.wait(until.elementLocated(By.css(selector)), WAIT_MS);
      await driver.wait(until.elementIsVisible(element), WAIT_MS);
      return element;
    };
    return {
      engine: 'webkit',
      version: `WebKitGTK ${capabilities.get('browserVersion')}`,
      goto: async (target) => {
        await driver.get(target);
      },
      click: (selector) => retrying(async () => (await find(selector)).click()),
      type: (selector, text) =>
        retrying(async () => {
          const field = await find(selector);
          await field.clear();
          await field.sendKeys(text);
        }),
      evaluate: (fn, ...args) => driver.executeScript(`return (${fn.toString()}).apply(null, arguments);`, ...args),
      takeProblems: async () => ({
        violations: await driver.executeScript(`return (${takeViolations.toString()})();`),
        messages: consoles.flatMap((collected) => collected.take()),
      }),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
