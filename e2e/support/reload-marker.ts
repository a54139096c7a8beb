// Whether a page was loaded again: a marker set on `window` survives an update in place and is
// gone after a reload. Used by the dev-server tests, where a reload is the fallback under test.
import type { Page } from '@playwright/test';

export async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __marker?: number }).__marker = 1;
  });
}

/**
 * The marker setMarker left, undefined once the page was loaded again, or 'loading' while a reload
 * is under way (the old document's context is gone before the new one runs; a poll asks again).
 */
export function markerOf(page: Page): Promise<number | 'loading' | undefined> {
  return page
    .evaluate(() => (window as unknown as { __marker?: number }).__marker)
    .catch((error: unknown) => {
      if (error instanceof Error && /Execution context was destroyed/.test(error.message)) return 'loading' as const;
      throw error;
    });
}
