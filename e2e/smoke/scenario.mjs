// The one smoke scenario every engine runs, on the prerendered preview stack: each public route
// renders and hydrates; the theme toggle; a header link from one remote's page to another's without
// a reload; sign-in with an account the real auth API registered; the signed-in account page. After
// each check, the page must have reported no CSP violation and no console error.
import { describeViolation } from './probe.mjs';
import { isShown, pageState, settle, waitFor } from './page.mjs';

/** @typedef {import('./page.mjs').SmokeBrowser} SmokeBrowser */
/** @typedef {{ name: string, run: (browser: SmokeBrowser) => Promise<void> }} Check */

const THEME_TOGGLE = 'header button[aria-label^="Giao diện"]';
const USER_MENU = (displayName) => `header button[aria-label="Mở menu tài khoản: ${displayName}"]`;

/**
 * The public routes of the served registry's route tables, each with the module it shows.
 *
 * @param {{ remotes: Record<string, { routes?: Array<{ expose: string, access: string, routes: Array<{ path: string }> }> }> }} registry
 */
export function publicRoutes(registry) {
  return Object.entries(registry.remotes).flatMap(([remote, pin]) =>
    (pin.routes ?? [])
      .filter((page) => page.access === 'public')
      .flatMap((page) => page.routes.map(({ path }) => ({ path, module: `${remote}/${page.expose}` }))),
  );
}

/** Fails with what the page reported since the last look: CSP violations and console errors. */
export async function expectNoProblems(browser) {
  const { violations, messages } = await browser.takeProblems();
  // The console's own line about a violation the probe caught says nothing more: counted, not repeated.
  const aboutViolation = (text) =>
    /Content.Security.Policy|Refused to/i.test(text) && violations.some(({ blocked }) => text.includes(blocked));
  const errors = messages.filter((message) => message.level === 'error').map((message) => message.text);
  const others = errors.filter((text) => !aboutViolation(text));
  const found = [
    ...(violations.length
      ? [
          `${violations.length} CSP violation(s) (and ${errors.length - others.length} console error(s) saying so): ${violations.map(describeViolation).join('; ')}`,
        ]
      : []),
    ...(others.length ? [`${others.length} console error(s): ${others.join(' | ')}`] : []),
  ];
  if (found.length) throw new Error(found.join('; '));
  return messages.filter((message) => message.level === 'warning').map((message) => message.text);
}

/** Opens `path` with a full load and waits until its prerendered page is hydrated and at rest. */
async function openHydrated(browser, baseUrl, { path, module }) {
  await browser.goto(`${baseUrl}${path}`);
  const state = await waitFor(
    browser,
    `${path} to be hydrated with ${module} mounted`,
    (mod) => {
      const marks = new Set(performance.getEntriesByType('mark').map((mark) => mark.name));
      const rendering = document.documentElement.dataset.rendering;
      // 'client': the shell rendered the page anew instead of taking the HTML over; say so at once.
      if (rendering === 'client') return { rendering };
      return rendering === 'hydrated' && marks.has(`remote-mounted:${mod}`) && { rendering };
    },
    [module],
  );
  if (state.rendering !== 'hydrated') throw new Error(`${path} was rendered in the browser, not hydrated`);
  await settle(browser);
  const after = await browser.evaluate(pageState, module);
  if (!after.contentReady) throw new Error(`${path}: ${module} never marked its content on screen`);
  if (after.errorPanel) throw new Error(`${path} shows "Không tải được nội dung"`);
  if (!(await browser.evaluate(isShown, 'main h1'))) throw new Error(`${path} shows no heading`);
}

/**
 * @param {{ shellUrl: string, apiUrl: string, registry: Parameters<typeof publicRoutes>[0] }} stack
 * @returns {Check[]}
 */
export function smokeChecks({ shellUrl, apiUrl, registry }) {
  const routes = publicRoutes(registry);
  const route = (path) => {
    const found = routes.find((candidate) => candidate.path === path);
    if (!found) throw new Error(`${path} is not a public route of the served registry`);
    return found;
  };
  /** @type {{ displayName: string, username: string, email: string, password: string } | undefined} */
  let account;

  return [
    ...routes.map((page) => ({
      name: `${page.path} renders and hydrates`,
      run: (browser) => openHydrated(browser, shellUrl, page),
    })),
    {
      name: 'the theme toggle goes light, dark, then back to the system theme',
      run: async (browser) => {
        await openHydrated(browser, shellUrl, route('/'));
        for (const [label, dark] of [
          ['sáng', false],
          ['tối', true],
          ['theo hệ thống', undefined],
        ]) {
          await browser.click(THEME_TOGGLE);
          await waitFor(
            browser,
            `the toggle to say "${label}"${dark === undefined ? '' : ` and <html> to be ${dark ? '' : 'not '}dark`}`,
            (selector, expected, isDark) => {
              const toggle = document.querySelector(selector);
              const htmlDark = document.documentElement.classList.contains('dark');
              return (
                toggle?.getAttribute('aria-label')?.startsWith(`Giao diện: ${expected} `) &&
                (isDark === null || htmlDark === isDark)
              );
            },
            [THEME_TOGGLE, label, dark ?? null],
          );
        }
      },
    },
    {
      name: "a header link leads from the catalog's /blog to the auth remote's /signin without a reload",
      run: async (browser) => {
        await openHydrated(browser, shellUrl, route('/blog'));
        await browser.evaluate(() => {
          window.__smokeSameDocument = true;
        });
        await browser.click('header a[href="/signin"]');
        await waitFor(
          browser,
          '/signin to show its form',
          (selector) => window.location.pathname === '/signin' && document.querySelector(selector) !== null,
          ['input[autocomplete="username"]'],
        );
        if (!(await browser.evaluate(() => window.__smokeSameDocument === true))) {
          throw new Error('the page was loaded again: the link did not navigate in place');
        }
        await waitFor(browser, 'the sign-in form to show', isShown, ['input[autocomplete="username"]']);
        await settle(browser);
      },
    },
    {
      name: 'signs in at /signin with an account the auth API registered',
      run: async (browser) => {
        account = await registerAccount(apiUrl, browser.engine);
        await openHydrated(browser, shellUrl, route('/signin'));
        await browser.type('input[autocomplete="username"]', account.username);
        await browser.type('input[autocomplete="current-password"]', account.password);
        await browser.click('form button[type="submit"]');
        await waitFor(
          browser,
          `/ with the user menu of ${account.displayName}`,
          (selector) => window.location.pathname === '/' && document.querySelector(selector) !== null,
          [USER_MENU(account.displayName)],
        );
        if (!(await browser.evaluate(() => Boolean(localStorage.getItem('access_token'))))) {
          throw new Error('no session token kept after signing in');
        }
        await settle(browser);
      },
    },
    {
      name: 'the signed-in account page /profile shows after a full load',
      run: async (browser) => {
        if (!account) throw new Error('no account signed in (the sign-in check failed)');
        await browser.goto(`${shellUrl}/profile`);
        await waitFor(browser, 'the "Profile" heading', isShown, ['main h1', 'Profile']);
        await waitFor(browser, `the user menu of ${account.displayName}`, isShown, [USER_MENU(account.displayName)]);
        await settle(browser);
      },
    },
  ];
}

/**
 * Registers a new account through the auth API itself, as the sign-up page would.
 *
 * @param {string} apiUrl
 * @param {string} engine  part of the names, so that each engine's account is its own
 */
export async function registerAccount(apiUrl, engine) {
  const tag = `${engine}.${Date.now().toString(36)}${process.pid.toString(36)}`;
  const account = {
    displayName: 'Trần Thị Bình',
    username: `binh.${tag}`,
    email: `binh.${tag}@example.vn`,
    password: `mat-khau-${tag}`,
  };
  const response = await fetch(`${apiUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password }),
  });
  if (!response.ok) {
    const answer = await response.text();
    throw new Error(`the auth API refused the registration: HTTP ${response.status} ${answer.slice(0, 200)}`);
  }
  return account;
}
