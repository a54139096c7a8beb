// What the prerender tests read of a page's start: how the shell started it, and when both of its
// parts have hydrated (prerender.spec.ts, prerender-pins.spec.ts).
import type { Page } from '@playwright/test';
import { moduleOf } from './routes.ts';

/** The home page's featured heading, in the catalog's markup. */
export const FEATURED = 'Bài nổi bật';

/** How the shell started the page: 'hydrated' (the HTML was current) or 'client'. */
export async function rendering(page: Page): Promise<string | undefined> {
  await page.waitForFunction(() => document.documentElement.dataset.rendering !== undefined);
  return page.evaluate(() => document.documentElement.dataset.rendering);
}

/**
 * Waits until both parts of a hydrated page have hydrated and run their effects: the chrome and the
 * route's page (bootstrap.tsx). A mismatch is reported as either part hydrates, before these marks.
 */
export async function hydrationDone(page: Page, route: string): Promise<void> {
  // The marks of shell/src/lib/page-marks.ts.
  const marks = ['chrome-ready', `remote-mounted:${moduleOf(route)}`];
  await page.waitForFunction(
    (names) => names.every((name) => performance.getEntriesByName(name, 'mark').length > 0),
    marks,
  );
}
