// A candidate beside the catalog's stable pin, for half of the visitors: each browser keeps its
// bucket, so one visitor sees one version across reloads; the home page prerendered with the
// stable pins is hydrated for the stable visitors, and rendered in the browser for the candidate's.
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';
import { FEATURED, rendering } from '../support/first-view.ts';
import { consoleProblems, pinCandidate, prerenderedStackTest } from '../support/prerendered-stack.ts';
import { ROOT } from '../support/stack.mjs';

const BUCKET_KEY = 'devhub-canary-bucket';
const CANDIDATE = '9.1.0';

const test = prerenderedStackTest.extend({ restorePins: false });

/** A visitor of its own: a new browser context, its bucket set beforehand if `bucket` is given. */
async function visitor(browser: Browser, baseURL: string, bucket?: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  if (bucket !== undefined) {
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: BUCKET_KEY,
      value: String(bucket),
    });
  }
  return context.newPage();
}

const featured = (page: Page) => page.getByRole('heading', { name: new RegExp(`^${FEATURED}`) }).first();

test.describe('a canary', { tag: '@shell' }, () => {
  test.beforeEach(async ({ stack, deployDir }) => {
    // The candidate: the catalog's build, its featured heading changed in its browser and server code.
    const version = join(deployDir, 'remote-catalog', CANDIDATE);
    cpSync(join(ROOT, 'remote-catalog', 'dist'), version, { recursive: true });
    for (const file of readdirSync(version).filter((name) => /\.(js|cjs)$/.test(name))) {
      const path = join(version, file);
      const edited = readFileSync(path, 'utf8').replace(/(["'])B(à|\\xe0)i nổi bật\1/g, `$1${FEATURED} ${CANDIDATE}$1`);
      writeFileSync(path, edited);
    }
    pinCandidate(stack, 'catalog', version, 50);
    await stack.prerender();
  });

  test.afterEach(async ({ stack }) => {
    stack.writeRegistry(stack.registry);
    await stack.prerender();
  });

  test('shows one visitor one version across 10 reloads', async ({ browser, stack }) => {
    const page = await visitor(browser, stack.shellUrl);
    await page.goto('/');
    // The shell draws the browser's bucket as it starts (after the prerendered page's first paint).
    await rendering(page);
    const bucket = Number(await page.evaluate((key) => localStorage.getItem(key), BUCKET_KEY));
    const expected = bucket < 50 ? `${FEATURED} ${CANDIDATE}` : FEATURED;
    for (let reload = 0; reload < 10; reload += 1) {
      await page.reload();
      await expect(featured(page)).toHaveText(expected);
    }
    await page.context().close();
  });

  test('hydrates the prerendered page for a stable visitor and renders it in the browser for a candidate visitor', async ({
    browser,
    stack,
  }) => {
    for (const [bucket, heading, mode] of [
      [90, FEATURED, 'hydrated'],
      [10, `${FEATURED} ${CANDIDATE}`, 'client'],
    ] as const) {
      const page = await visitor(browser, stack.shellUrl, bucket);
      const problems = consoleProblems(page);
      await page.goto('/');
      expect(await rendering(page)).toBe(mode);
      await expect(featured(page)).toHaveText(heading);
      expect(problems, `bucket ${bucket}`).toEqual([]);
      await page.context().close();
    }
  });
});
