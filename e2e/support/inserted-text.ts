// What was put on the page, seen as it happens: a toast lives 2 or 4 s, which the polling of a
// loaded machine can miss entirely (one browser test did, beside another `npm test`), while a
// MutationObserver sees every insertion.
import type { Page } from '@playwright/test';

/**
 * Starts recording every node the page inserts, from its next navigation on (call it before
 * `goto`). Returns how many insertions so far held `text`.
 */
export async function recordInsertedText(page: Page): Promise<(text: string) => Promise<number>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __insertedText: string[] }).__insertedText = seen;
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) seen.push(node.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  return (text) =>
    page.evaluate(
      (wanted) =>
        (window as unknown as { __insertedText?: string[] }).__insertedText?.filter((inserted) =>
          inserted.includes(wanted),
        ).length ?? 0,
      text,
    );
}
