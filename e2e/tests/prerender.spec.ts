// The public routes arrive rendered in the HTML (rendered with the pinned remotes, as `npm run
// remotes -- use` renders them) and the browser hydrates them without a mismatch — or, when the
// page was not rendered from the registry it reads, renders it as before, without an error.
// Versions a test pins and renders itself: prerender-pins.spec.ts.
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';
import { FEATURED, hydrationDone, rendering } from '../support/first-view.ts';
import { consoleProblems, pinPublished, prerenderedStackTest as test } from '../support/prerendered-stack.ts';
import { navigateInApp } from '../support/remote-page.ts';
import { ONE_ROUTE_PER_PAGE, PUBLIC_PATHS } from '../support/routes.ts';
import { ROOT } from '../support/stack.mjs';

/**
 * One route of each public page: the walks below read each page in both themes, at both widths and
 * with and without a session. Every public route hydrates without an error in each engine: the
 * smoke suite (e2e/smoke/scenario.mjs).
 */
/**
 * How many pixels of two screenshots of one size differ by more than a rendering's rounding (a
 * shadow's edge drawn one shade apart) in any channel, as the browser's own decoder reads them.
 */
async function differingPixels(browser: Browser, first: Buffer, second: Buffer): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([a, b]) => {
        const pixels = async (base64: string) => {
          const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
        };
        const [x, y] = await Promise.all([pixels(a), pixels(b)]);
        if (x.length !== y.length) return Infinity;
        let count = 0;
        for (let index = 0; index < x.length; index += 4) {
          const channels = [0, 1, 2, 3].map((channel) => Math.abs(x[index + channel]! - y[index + channel]!));
          if (Math.max(...channels) > 8) count += 1;
        }
        return count;
      },
      [first.toString('base64'), second.toString('base64')] as const,
    );
  } finally {
    await page.close();
  }
}

const PUBLIC_PAGES = ONE_ROUTE_PER_PAGE.map(({ path }) => path).filter((path) => PUBLIC_PATHS.includes(path));

// Each test starts on the stack's own registry and pages (prerendered-stack.ts `restorePins`).
test.describe('prerendered first view', { tag: '@shell' }, () => {
  // First: every test after it starts on the pages rendered again from the stack's own registry.
  test('a pin changed and rendered again serves the new version on reload', async ({ page, stack, deployDir }) => {
    // Another version of the catalog: its build, with the heading changed in its browser and server code.
    const version = join(deployDir, 'remote-catalog', '9.0.0');
    cpSync(join(ROOT, 'remote-catalog', 'dist'), version, { recursive: true });
    for (const file of readdirSync(version).filter((name) => /\.(js|cjs)$/.test(name))) {
      const path = join(version, file);
      // The minifier writes "à" as \xe0.
      const edited = readFileSync(path, 'utf8').replace(/(["'])B(à|\\xe0)i nổi bật\1/g, `$1${FEATURED} 9.0.0$1`);
      writeFileSync(path, edited);
    }
    const problems = consoleProblems(page);
    await page.goto('/');
    expect(await rendering(page)).toBe('hydrated');

    // Pinned as `remotes use` pins it: with its digest and the version's routes (the same as the served build's).
    pinPublished(stack, 'catalog', version);
    const summary = await stack.prerender();
    expect(summary.routes.every((route) => route.status === 'prerendered')).toBe(true);
    await page.reload();
    expect(await rendering(page)).toBe('hydrated');
    await expect(page.getByRole('heading', { name: `${FEATURED} 9.0.0` })).toBeVisible();
    await navigateInApp(page, '/__remotes');
    await expect(
      page.getByText('Trang đầu tiên (/): kết xuất sẵn trên máy chủ, trình duyệt gắn tương tác (hydrate)'),
    ).toBeVisible();
    expect(await (await page.request.get('/')).text()).toContain(`${FEATURED} 9.0.0`);
    expect(problems).toEqual([]);
  });

  test(
    'serves the featured heading, the cards and the footer in the HTML itself',
    { tag: '@catalog' },
    async ({ request }) => {
      const home = await (await request.get('/')).text();
      expect(home).toContain(FEATURED);
      expect(home).toMatch(/<footer\b/);
      expect(home.match(/<article\b/g)?.length ?? 0).toBeGreaterThan(5);
      // The first slide's picture is asked for from the head, at high priority.
      expect(home).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high">[^]*<\/head>/);

      const blog = await (await request.get('/blog')).text();
      expect(blog).toContain('<h1');
      expect(blog.match(/<article\b/g)?.length ?? 0).toBeGreaterThan(5);
      expect(blog).toMatch(/<footer\b/);
      expect(blog).toMatch(/<title>[^<]*Bài viết[^<]*<\/title>/);

      // Account pages depend on the visitor: the shell's page, rendered in the browser.
      expect(await (await request.get('/profile')).text()).toContain('<div id="root"></div>');
      // A query string may change the page: the browser renders it.
      expect(await (await request.get('/blog?q=react')).text()).toContain('<div id="root"></div>');
    },
  );

  test("hands the shell its first load through the browser: one data island, one inline script, no global, the manifest from the page's plan", async ({
    page,
    stack,
  }) => {
    const html = await (await page.request.get('/blog')).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes ?? '');
    expect(
      scripts.filter((attributes) => /type="application\/json"/.test(attributes)),
      'data islands',
    ).toHaveLength(1);
    expect(
      scripts.filter((attributes) => !/\b(src|type)=/.test(attributes)),
      'inline scripts',
    ).toHaveLength(1);

    await page.goto('/blog');
    expect(await rendering(page)).toBe('hydrated');
    expect(await page.evaluate(() => Object.keys(window).filter((name) => name.startsWith('__devhub')))).toEqual([]);
    // The warm-up hinted the page's files from the plan: the manifest was only preloaded, for the shell to take.
    const manifestRequests = await page.evaluate(
      (origin) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.startsWith(origin) && entry.name.endsWith('/mf-manifest.json'))
          .map((entry) => entry.initiatorType),
      stack.originOf('catalog'),
    );
    expect(manifestRequests).toEqual(['link']);
  });

  test("asks for the shell's bundle from the first byte, beside its stylesheets, deferred in the head", async ({
    page,
  }) => {
    for (const route of ['/', '/blog', '/signin']) {
      const html = await (await page.request.get(route)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const bundle = /<script defer src="([^"]*main\.[0-9a-f]+\.js)"/.exec(head)?.[1];
      expect(bundle, `${route}: the bundle deferred in the head`).toBeDefined();
      const stylesheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1] ?? '');
      await page.goto(route);
      expect(await rendering(page), route).toBe('hydrated');
      const { bundleStart, stylesheetsIn } = await page.evaluate(
        ([script, hrefs]) => {
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const at = (href: string) => resources.find((entry) => entry.name === new URL(href, location.href).href);
          return {
            bundleStart: at(script!)?.startTime,
            stylesheetsIn: Math.max(...hrefs.map((href) => at(href)?.responseEnd ?? 0)),
          };
        },
        [bundle, stylesheets] as const,
      );
      // An order, not a duration: the bundle was on its way before the first view's stylesheets were in.
      expect(bundleStart, route).toBeLessThan(stylesheetsIn);
    }
  });

  test(
    'a form sent before the shell runs keeps the password out of the address and is sent once the page is ready',
    { tag: '@auth' },
    async ({ page }) => {
      const addresses: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) addresses.push(frame.url());
      });
      // The shell's bundle held back: the visitor types and presses Enter on the prerendered form.
      let releaseBundle = () => {};
      const bundleHeld = new Promise<void>((resolve) => (releaseBundle = resolve));
      await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
        await bundleHeld;
        await route.continue();
      });
      // Not to DOMContentLoaded: a deferred script, the held bundle, runs before it.
      await page.goto('/signin', { waitUntil: 'commit' });
      await page.getByLabel('Tên đăng nhập', { exact: true }).fill('chua.co.ai');
      await page.getByLabel('Mật khẩu', { exact: true }).fill('mat-khau-sai-1');
      await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
      expect(await page.evaluate(() => document.documentElement.dataset.rendering)).toBeUndefined();
      releaseBundle();

      expect(await rendering(page)).toBe('hydrated');
      // The held form went to the auth API with what was typed: its answer is on the page.
      await expect(page.getByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeVisible();
      expect(addresses.filter((address) => new URL(address).search !== '')).toEqual([]);
    },
  );

  test('is styled before any script runs, and nothing moves when it hydrates', async ({ browser, baseURL }) => {
    const options = { baseURL, ignoreHTTPSErrors: true, viewport: { width: 390, height: 800 } };
    // Without scripts, one page serves every route: nothing runs, so nothing is carried over.
    const htmlOnly = await browser.newContext({ ...options, javaScriptEnabled: false });
    const htmlPage = await htmlOnly.newPage();
    const stylesheets = new Map<string, Promise<string>>();
    const layoutOf = async (page: Page, route: string, hydrates: boolean) => {
      await page.goto(route);
      if (hydrates) expect(await rendering(page)).toBe('hydrated');
      const layout = await page.evaluate(() => ({
        stylesheets: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map(
          (link) => link.href,
        ),
        classes: [
          ...new Set(
            Array.from(document.querySelectorAll('[class]')).flatMap((element) =>
              Array.from(element.classList).filter((name) => /^(shell|catalog|auth|account)__/.test(name)),
            ),
          ),
        ],
        positions: Array.from(document.querySelectorAll('h1, h2, h3, img, input, footer'))
          .slice(0, 20)
          .map((element) => {
            const box = element.getBoundingClientRect();
            return `${element.tagName} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
          }),
      }));
      // Every CSS Modules class of the markup has its rules in the stylesheets the page links: the
      // server build names classes as the browser build does. A hashed stylesheet is fetched once.
      for (const href of layout.stylesheets) {
        if (!stylesheets.has(href))
          stylesheets.set(
            href,
            page.request.get(href).then((response) => response.text()),
          );
      }
      const css = (await Promise.all(layout.stylesheets.map((href) => stylesheets.get(href)))).join('');
      const unstyled = layout.classes.filter((name) => !css.includes(`.${name}`));
      return { unstyled, positions: layout.positions };
    };
    try {
      for (const route of ['/', '/blog', '/signin']) {
        const html = await layoutOf(htmlPage, route, false);
        expect(html.unstyled, route).toEqual([]);
        expect(html.positions.length, route).toBeGreaterThan(2);
        // With scripts, a fresh browser for each route: a first visit, nothing in its cache.
        const hydrating = await browser.newContext(options);
        try {
          expect((await layoutOf(await hydrating.newPage(), route, true)).positions, route).toEqual(html.positions);
        } finally {
          await hydrating.close();
        }
      }
    } finally {
      await htmlOnly.close();
    }
  });

  test("shows the carousel's dots before any script runs, as hydration leaves them, at each width", async ({
    browser,
    baseURL,
  }) => {
    for (const [width, groups] of [
      [390, 10],
      [800, 5],
      [1280, 4],
    ] as const) {
      /** The carousel as a browser first shows it: from the HTML alone, or once hydrated. */
      const carouselShot = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({
          baseURL,
          ignoreHTTPSErrors: true,
          viewport: { width, height: 900 },
          javaScriptEnabled,
        });
        try {
          const page = await context.newPage();
          await page.goto('/');
          if (javaScriptEnabled) {
            expect(await rendering(page)).toBe('hydrated');
            // The script knows the viewport: the dots are its own now.
            await expect(page.locator('[aria-roledescription="carousel"] [data-visible]')).toBeAttached();
          }
          const carousel = page.locator('section[aria-roledescription="carousel"]');
          await expect(carousel.getByRole('group', { name: 'Chọn nhóm bài nổi bật' }).getByRole('button')).toHaveCount(
            groups,
          );
          // The pictures on screen decoded, in both.
          await page.waitForFunction(() =>
            Array.from(document.images)
              .filter((image) => {
                const box = image.getBoundingClientRect();
                return box.top < innerHeight && box.left < innerWidth && box.right > 0;
              })
              .every((image) => image.complete && image.naturalWidth > 0),
          );
          return await carousel.screenshot({ animations: 'disabled' });
        } finally {
          await context.close();
        }
      };
      const differing = await differingPixels(browser, await carouselShot(false), await carouselShot(true));
      expect(differing, `pixels that differ at ${width}px`).toBe(0);
    }
  });

  for (const signedIn of [false, true]) {
    test.describe(signedIn ? 'signed in' : 'signed out', { tag: ['@catalog', '@auth'] }, () => {
      test.use({ signedIn });
      // One page walks the routes in each theme and at each width: what the browser renders
      // differently from the HTML (the theme toggle, the carousel's slides per view) follows one of
      // them, never both at once, so two walks cover both values of each. The theme is stored
      // before any script of its pages runs, as a returning visitor's is.
      test('hydrates every public page without a warning, in each theme and at each width', async ({ page }) => {
        const problems = consoleProblems(page);
        for (const [theme, width] of [
          ['light', 390],
          ['dark', 1280],
        ] as const) {
          await test.step(`${theme}, ${width}px`, async () => {
            const seen = problems.length;
            await page.setViewportSize({ width, height: 800 });
            // Init scripts run in the order added: the variant's own runs last.
            await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
            for (const route of PUBLIC_PAGES) {
              await page.goto(route);
              expect(await rendering(page), route).toBe('hydrated');
              expect(await page.evaluate(() => innerWidth), route).toBe(width);
              await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
              await expect(page.locator('html')).not.toHaveClass(
                new RegExp(`\\b${theme === 'light' ? 'dark' : 'light'}\\b`),
              );
              // What differs from the HTML (the session's header, the carousel's dots) is in place.
              if (signedIn && route !== '/signin' && route !== '/signup') {
                await expect(page.getByRole('button', { name: /tài khoản/i }).first()).toBeVisible();
              }
              if (route === '/')
                await expect(page.getByRole('group', { name: /nhóm/i }).getByRole('button').first()).toBeVisible();
              await hydrationDone(page, route);
              // Signed in, the sign-in and sign-up pages send the visitor home once hydrated.
              if (signedIn && (route === '/signin' || route === '/signup')) {
                await expect(page).toHaveURL((url) => url.pathname === '/');
                await hydrationDone(page, '/');
              }
            }
            expect(problems.slice(seen), `${theme}, ${width}px`).toEqual([]);
          });
        }
        expect(problems).toEqual([]);
      });
    });
  }

  test('a registry edited without rendering again falls back to the browser, without an error', async ({
    page,
    stack,
  }) => {
    const problems = consoleProblems(page);
    // The same catalog build, pinned under another address: the HTML no longer matches the registry.
    const extra = await stack.serveExtra(join(ROOT, 'remote-catalog', 'dist'));
    // A pin without a digest, allowed to this machine's origin: a developer's registry (`local`).
    stack.writeRegistry({
      ...stack.registry,
      environment: 'local',
      remotes: {
        ...stack.registry.remotes,
        catalog: { entry: `${extra}/mf-manifest.json`, routes: stack.registry.remotes.catalog?.routes },
      },
      // The stale page still links the pinned origin's files: the policy must let them load.
      allowedOverrideOrigins: [stack.originOf('catalog'), extra],
    });
    await page.goto('/');
    expect(await rendering(page)).toBe('client');
    await expect(page.getByRole('heading', { name: FEATURED })).toBeVisible();
    await navigateInApp(page, '/__remotes');
    await expect(
      page.getByText(/^Trang đầu tiên \(\/\): kết xuất trên trình duyệt — vì trang kết xuất sẵn không khớp/),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });
});
