// The browser tests' fixtures, on top of @playwright/test's own (page, context, browser, baseURL):
//
// - pageErrors (automatic): every uncaught error of any page of the test fails it.
// - signedIn (option): a real session token (an account registered through the API the page
//   talks to) stored before any script of the page runs; sessionToken is that token.
// - axe: the accessibility violations of the current page (WCAG 2.2 A/AA and best practice), every impact.
// - account: a new account registered through the auth API, signed out (no page holds its token).
// - remoteOrigins: where the served registry says each remote lives.
// - stack (worker): this worker's own production stack, for tests that change what is served
//   (remotes.json, extra builds); `stackTest` points baseURL at it.
import { createRequire } from 'node:module';
import type AxeCore from 'axe-core';
import { test as base, expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { newAccount, type Account } from './auth-flow.ts';
import { startStack } from './stack.mjs';

export { expect };

export type Stack = Awaited<ReturnType<typeof startStack>>;

export interface Axe {
  /**
   * `id: help (targets)` for each violation of WCAG 2.2 A/AA and best practice, whatever its impact;
   * with `colourOnly`, of the rules that read colours (the only ones a change of theme can change).
   */
  violations(options?: { colourOnly?: boolean }): Promise<string[]>;
}

export interface Options {
  signedIn: boolean;
}

export interface TestFixtures {
  pageErrors: string[];
  sessionToken: string;
  axe: Axe;
  account: Account;
  remoteOrigins: Record<string, string>;
}

export interface WorkerFixtures {
  stack: Stack;
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const accounts = new Map<string, Promise<Account>>();

async function register(api: APIRequestContext): Promise<Account> {
  const created = newAccount();
  const { username, password, displayName, email } = created;
  const registered = await api.post('/api/auth/register', {
    data: { displayName, username, email, password, confirmPassword: password },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return created;
}

/**
 * A fresh session token for an account registered through `baseURL`'s /api (one account per
 * worker and server): each test signs in anew, so a test that signs out (which revokes its token
 * on the server) never ends another test's session.
 */
async function sessionTokenFor(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  if (!baseURL) throw new Error('signing in needs a baseURL whose /api reaches the auth API');
  const api = await playwright.request.newContext({ baseURL, ignoreHTTPSErrors: true });
  try {
    let account = accounts.get(baseURL);
    if (!account) {
      account = register(api);
      accounts.set(baseURL, account);
    }
    const { username, password } = await account;
    const login = await api.post('/api/auth/login', { data: { username, password } });
    expect(login.status(), await login.text()).toBe(200);
    const { data } = (await login.json()) as { data: { access_token: string } };
    return data.access_token;
  } finally {
    await api.dispose();
  }
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/** The rules of those tags whose outcome depends on the colours the page is drawn in. */
const AXE_COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function axeViolations(page: Page, colourOnly: boolean): Promise<string[]> {
  // Once a document: a test may run axe several times on one page (other themes, widths, states).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const results = await page.evaluate(
    (runOnly) =>
      (window as unknown as { axe: typeof AxeCore }).axe.run(document, { resultTypes: ['violations'], runOnly }),
    colourOnly ? { type: 'rule' as const, values: AXE_COLOUR_RULES } : { type: 'tag' as const, values: AXE_TAGS },
  );
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

export const test = base.extend<Options & TestFixtures, WorkerFixtures>({
  signedIn: [false, { option: true }],

  context: async ({ context, signedIn, playwright, baseURL }, use) => {
    if (signedIn) {
      const token = await sessionTokenFor(playwright, baseURL);
      await context.addInitScript((value) => {
        // Also runs in the blank document a page starts with, which has no storage.
        if (location.protocol.startsWith('http')) localStorage.setItem('access_token', value);
      }, token);
    }
    await use(context);
  },

  sessionToken: async ({ playwright, baseURL }, use) => {
    await use(await sessionTokenFor(playwright, baseURL));
  },

  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(errors);
      expect(errors, 'no uncaught error in any page of the test').toEqual([]);
    },
    { auto: true },
  ],

  axe: async ({ page }, use) => {
    await use({
      violations: (options) => axeViolations(page, options?.colourOnly ?? false),
    });
  },

  account: async ({ playwright, baseURL }, use) => {
    // Through the API, as signing up in the UI is the journey's own test (auth.spec.ts): no page
    // of the test ever holds its token.
    if (!baseURL) throw new Error('an account needs a baseURL whose /api reaches the auth API');
    const api = await playwright.request.newContext({ baseURL, ignoreHTTPSErrors: true });
    const account = await register(api).finally(() => api.dispose());
    await use(account);
  },

  remoteOrigins: async ({ request, baseURL }, use) => {
    const registry = (await (await request.get(`${baseURL}/remotes.json`)).json()) as {
      remotes: Record<string, { entry: string }>;
    };
    await use(
      Object.fromEntries(
        Object.entries(registry.remotes).map(([name, { entry }]) => [name, new URL(entry, baseURL).origin]),
      ),
    );
  },

  stack: [
    async ({}, use) => {
      const stack = await startStack({ api: true });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
});

/** Tests against this worker's own stack (see `stack`): they may rewrite its remotes.json. */
export const stackTest = test.extend({
  baseURL: async ({ stack }, use) => {
    await use(stack.shellUrl);
  },
});
