// A version pinned and rendered by the test itself: a remote without a server build leaves its
// routes to the browser, and a verified pin's stylesheets are linked with their digests.
import { appendFileSync, cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '../support/fixtures.ts';
import { FEATURED, rendering } from '../support/first-view.ts';
import { consoleProblems, pinPublished, prerenderedStackTest as test } from '../support/prerendered-stack.ts';
import { errorPanel } from '../support/remote-page.ts';
import { ROOT } from '../support/stack.mjs';

// Each test pins and renders its versions before it opens a page: no need to render the stack's
// own pins first (prerendered-stack.ts `restorePins`).
test.use({ restorePins: false });

test.describe('prerendered first view', { tag: '@shell' }, () => {
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
    pinPublished(stack, 'auth', version);
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
    pinPublished(stack, 'catalog', version);
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
