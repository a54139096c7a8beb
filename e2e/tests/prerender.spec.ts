// The public routes arrive rendered in the HTML (rendered with the pinned remotes, as `npm run
// remotes -- use` renders them) and the browser hydrates them without a mismatch — or, when the
// page was not rendered from the registry it reads, renders it as before, without an error.
import { appendFileSync, cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';
import { consoleProblems, prerenderedStackTest as test } from '../support/prerendered-stack.ts';
import { errorPanel, navigateInApp } from '../support/remote-page.ts';
import { PUBLIC_PATHS } from '../support/routes.ts';
import { sealVersion } from '../../scripts/lib/integrity.mjs';
import { ROOT } from '../support/stack.mjs';

const FEATURED = 'Bài nổi bật';

/** How the shell started the page: 'hydrated' (the HTML was current) or 'client'. */
async function rendering(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.rendering !== undefined);
  return page.evaluate(() => document.documentElement.dataset.rendering);
}

test.describe('prerendered first view', () => {
  test.beforeEach(async ({ stack }) => {
    stack.writeRegistry(stack.registry);
    await stack.prerender();
  });

  test('serves the featured heading, the cards and the footer in the HTML itself', async ({ request }) => {
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
  });

  test('asks for no script before its stylesheets and first picture are in', async ({ page }) => {
    for (const route of ['/', '/blog', '/signin']) {
      const html = await (await page.request.get(route)).text();
      const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1] ?? '');
      await page.goto(route);
      expect(await rendering(page), route).toBe('hydrated');
      const { firstView, scripts } = await page.evaluate((hrefs) => {
        const inHtml = new Set(hrefs.map((href) => new URL(href, location.href).href));
        const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]')?.src;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          firstView: resources
            .filter((entry) => inHtml.has(entry.name) || entry.name === picture)
            .map((entry) => ({ name: entry.name, responseEnd: entry.responseEnd })),
          // The shell's bundle, the remotes' files and the warm-up's manifest request.
          scripts: resources
            .filter((entry) => /\.js$|mf-manifest\.json$/.test(new URL(entry.name).pathname))
            .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
        };
      }, stylesheets);
      expect(firstView.length, route).toBe(stylesheets.length + (route === '/signin' ? 0 : 1));
      expect(stylesheets.length, route).toBeGreaterThanOrEqual(2);
      expect(scripts.length, route).toBeGreaterThan(2);
      const firstViewIn = Math.max(...firstView.map((entry) => entry.responseEnd));
      expect(
        scripts.filter((entry) => entry.startTime < firstViewIn),
        `${route}: requests started before ${firstViewIn} ms (first view: ${JSON.stringify(firstView)})`,
      ).toEqual([]);
    }
  });

  test('a form sent before the shell runs keeps the password out of the address and is sent once the page is ready', async ({
    page,
  }) => {
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
    await page.goto('/signin');
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill('chua.co.ai');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('mat-khau-sai-1');
    await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
    expect(await page.evaluate(() => document.documentElement.dataset.rendering)).toBeUndefined();
    releaseBundle();

    expect(await rendering(page)).toBe('hydrated');
    // The held form went to the auth API with what was typed: its answer is on the page.
    await expect(page.getByText('Tên đăng nhập hoặc mật khẩu không đúng')).toBeVisible();
    expect(addresses.filter((address) => new URL(address).search !== '')).toEqual([]);
  });

  test('is styled before any script runs, and nothing moves when it hydrates', async ({ browser, baseURL }) => {
    const layoutOf = async (route: string, javaScriptEnabled: boolean) => {
      const context = await browser.newContext({
        baseURL,
        ignoreHTTPSErrors: true,
        javaScriptEnabled,
        viewport: { width: 390, height: 800 },
      });
      const page = await context.newPage();
      await page.goto(route);
      if (javaScriptEnabled) expect(await rendering(page)).toBe('hydrated');
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
      // server build names classes as the browser build does.
      const css = (
        await Promise.all(layout.stylesheets.map(async (href) => (await page.request.get(href)).text()))
      ).join('');
      const unstyled = layout.classes.filter((name) => !css.includes(`.${name}`));
      await context.close();
      return { unstyled, positions: layout.positions };
    };
    for (const route of ['/', '/blog', '/signin']) {
      const html = await layoutOf(route, false);
      expect(html.unstyled, route).toEqual([]);
      expect(html.positions.length, route).toBeGreaterThan(2);
      expect((await layoutOf(route, true)).positions, route).toEqual(html.positions);
    }
  });

  for (const signedIn of [false, true]) {
    test.describe(signedIn ? 'signed in' : 'signed out', () => {
      test.use({ signedIn });
      for (const theme of ['light', 'dark'] as const) {
        for (const width of [390, 1280]) {
          test(`hydrates every public route without a warning (${theme}, ${width}px)`, async ({ page }) => {
            await page.setViewportSize({ width, height: 800 });
            await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
            const problems = consoleProblems(page);
            for (const route of PUBLIC_PATHS) {
              await page.goto(route);
              expect(await rendering(page), route).toBe('hydrated');
              await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
              // What differs from the HTML (the session's header, the carousel's dots) is in place.
              if (signedIn && route !== '/signin' && route !== '/signup') {
                await expect(page.getByRole('button', { name: /tài khoản/i }).first()).toBeVisible();
              }
              if (route === '/')
                await expect(page.getByRole('group', { name: /nhóm/i }).getByRole('button').first()).toBeVisible();
              await page.waitForTimeout(300);
            }
            expect(problems).toEqual([]);
          });
        }
      }
    });
  }

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
    stack.writeRegistry({
      ...stack.registry,
      remotes: {
        ...stack.registry.remotes,
        catalog: {
          entry: '/deploy/remote-catalog/9.0.0/mf-manifest.json',
          integrity: sealVersion(version),
          routes: stack.registry.remotes.catalog?.routes,
        },
      },
    });
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
      allowedOverrideOrigins: [stack.remotes.catalog, extra],
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

  test('a version without a server build leaves its routes to the browser, with the reason', async ({
    page,
    stack,
    deployDir,
  }) => {
    const version = join(deployDir, 'remote-auth', '0.9.0');
    cpSync(join(ROOT, 'remote-auth', 'dist'), version, { recursive: true });
    const manifestFile = join(version, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData: Record<string, unknown> };
    delete manifest.metaData.ssrRemoteEntry;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    stack.writeRegistry({
      ...stack.registry,
      remotes: {
        ...stack.registry.remotes,
        auth: {
          entry: '/deploy/remote-auth/0.9.0/mf-manifest.json',
          integrity: sealVersion(version),
          routes: stack.registry.remotes.auth?.routes,
        },
      },
    });
    const summary = await stack.prerender();
    expect(summary.routes.filter((route) => route.status === 'client')).toEqual([
      { route: '/signin', status: 'client', reason: 'auth has no server build in this version' },
      { route: '/signup', status: 'client', reason: 'auth has no server build in this version' },
    ]);

    const problems = consoleProblems(page);
    expect(await (await page.request.get('/signin')).text()).toContain('<div id="root"></div>');
    await page.goto('/signin');
    expect(await rendering(page)).toBe('client');
    await expect(page.getByRole('heading', { name: 'Đăng nhập' })).toBeVisible();
    await page.goto('/');
    expect(await rendering(page), 'the catalog still hydrates').toBe('hydrated');
    expect(problems).toEqual([]);
  });

  test("a verified pin's stylesheets are linked with their digests: changed bytes never apply", async ({
    page,
    browser,
    baseURL,
    stack,
    deployDir,
  }) => {
    // Published as `deploy` publishes it and pinned as `use` pins it: every file's digest in the
    // manifest, the manifest's in the pin.
    const version = join(deployDir, 'remote-catalog', '9.1.0');
    // Without source maps (never published) and compressed copies (the bytes changed below are served).
    cpSync(join(ROOT, 'remote-catalog', 'dist'), version, {
      recursive: true,
      filter: (file) => !/\.(?:map|br|gz)$/.test(file),
    });
    const integrity = sealVersion(version);
    stack.writeRegistry({
      ...stack.registry,
      remotes: {
        ...stack.registry.remotes,
        catalog: {
          entry: '/deploy/remote-catalog/9.1.0/mf-manifest.json',
          integrity,
          routes: stack.registry.remotes.catalog?.routes,
        },
      },
    });
    const summary = await stack.prerender();
    expect(summary.routes.every((route) => route.status === 'prerendered')).toBe(true);
    const name = readdirSync(version).find((file) => /^__federation_expose_HomePage\.[0-9a-f]+\.css$/.test(file));
    if (!name) throw new Error(`no stylesheet of the home page in ${version}`);
    const digests = JSON.parse(readFileSync(join(version, 'mf-manifest.json'), 'utf8')).metaData.integrity as Record<
      string,
      string
    >;

    const problems = consoleProblems(page);
    await page.goto('/');
    // The page's own link (the runtime links the file again by its absolute URL, found in the cache).
    const link = page.locator(`head link[rel="stylesheet"][href="/deploy/remote-catalog/9.1.0/${name}"]`);
    await expect(link).toHaveAttribute('integrity', digests[name]!);
    await expect(link).toHaveAttribute('crossorigin', 'anonymous');
    expect(await rendering(page)).toBe('hydrated');
    await expect(page.getByRole('heading', { name: FEATURED })).toBeVisible();
    expect(problems).toEqual([]);

    appendFileSync(join(version, name), '\nhtml{--tampered:1;outline:9px solid red}\n');
    // A fresh browser: the hashed file is cached as immutable by the one above.
    const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
    try {
      const fresh = await context.newPage();
      const refused = consoleProblems(fresh);
      await fresh.goto('/');
      // Refused as the page's own link, then as the stylesheet the remote's runtime loads: the route
      // shows why, in Vietnamese.
      await expect(errorPanel(fresh)).toContainText('không khớp với mã băm đã được ghim');
      await expect
        .poll(() => refused.some((problem) => problem.includes(name) && /integrity/i.test(problem)))
        .toBe(true);
      expect(
        await fresh.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tampered')),
      ).toBe('');
      expect(await fresh.evaluate(() => getComputedStyle(document.documentElement).outlineStyle)).not.toBe('solid');
    } finally {
      await context.close();
    }
  });
});
