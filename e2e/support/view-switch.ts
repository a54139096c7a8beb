// Switching a loaded page between themes and widths, so one load serves every combination.
// With no theme chosen, the shell follows the OS scheme live (<html class="light|dark">), and
// the width-dependent parts (sidebar, carousel, tag filter) follow resizes; after either change
// the page is given time to finish re-rendering and its colour transitions, then read.
import { expect, type Page } from '@playwright/test';

export type ColorScheme = 'light' | 'dark';

export const COLOR_SCHEMES: readonly ColorScheme[] = ['light', 'dark'];

/**
 * Resolves once two frames in a row changed nothing in the DOM, and every finite animation or
 * transition then running (a theme change fades colours) has finished: what axe or
 * getComputedStyle reads afterwards is the page's resting state, not a frame in between.
 */
export function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    // Bounded: a page that never stops changing is read as it is, as a fresh load would be.
    for (let quiet = 0, frames = 0; quiet < 2 && frames < 60; frames += 1) {
      let changed = false;
      const observer = new MutationObserver(() => {
        changed = true;
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      await frame();
      observer.disconnect();
      quiet = changed ? 0 : quiet + 1;
    }
    const finite = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
      );
    // A cancelled animation (its element removed) rejects `finished`: it is over all the same.
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Emulates the OS scheme, proves the shell applied it to <html>, and waits for the page to settle. */
export async function showColorScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const classes = document.documentElement.classList;
          return { dark: classes.contains('dark'), light: classes.contains('light') };
        }),
      { message: `<html> follows the ${scheme} scheme` },
    )
    .toEqual({ dark: scheme === 'dark', light: scheme === 'light' });
  await settled(page);
}

/** Resizes the viewport (height as the tests always use) and waits for the page to settle. */
export async function showWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 844 });
  expect(await page.evaluate(() => window.innerWidth), `the viewport is ${width}px wide`).toBe(width);
  await settled(page);
}
