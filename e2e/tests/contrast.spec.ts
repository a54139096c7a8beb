// The contrast of non-text parts (WCAG 1.4.11, ≥ 3:1) in both themes, as the browser computes
// the colours: the focus ring, the carousel's inactive dots, field borders, the header search field.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectRoutePage } from '../support/remote-page.ts';
import { COLOR_SCHEMES, showColorScheme } from '../support/view-switch.ts';

/** Parses `rgb(r, g, b)` / `rgba(r, g, b, a)` / `color(srgb r g b)` into 0–255 channels and alpha. */
type Rgba = [number, number, number, number];

/** WCAG 2.x contrast ratio of two opaque colours. */
function contrast(a: Rgba, b: Rgba): number {
  const luminance = ([r, g, b]: Rgba) => {
    const [R, G, B] = [r, g, b].map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * The colour of `property` on the element (or its pseudo-element) and the opaque colour behind
 * it (the first ancestor with a background), both as computed by the browser.
 */
async function colours(
  page: Page,
  selector: string,
  property: 'outlineColor' | 'borderTopColor' | 'backgroundColor',
  options: { pseudo?: string; behindFrom?: string } = {},
): Promise<{ part: Rgba; behind: Rgba }> {
  return page.evaluate(
    ({ selector, property, pseudo, behindFrom }) => {
      const parse = (value: string): [number, number, number, number] => {
        const numbers = value.match(/[\d.]+/g)?.map(Number) ?? [];
        if (value.startsWith('color('))
          return [numbers[0]! * 255, numbers[1]! * 255, numbers[2]! * 255, numbers[3] ?? 1];
        return [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0, numbers[3] ?? 1];
      };
      const element = document.querySelector(selector);
      if (!element) throw new Error(`${selector} is not on the page`);
      const part = parse(getComputedStyle(element, pseudo ?? null)[property]);
      let node: Element | null = behindFrom ? document.querySelector(behindFrom) : element.parentElement;
      while (node) {
        const background = parse(getComputedStyle(node).backgroundColor);
        if (background[3] === 1) return { part, behind: background };
        node = node.parentElement;
      }
      return { part, behind: parse(getComputedStyle(document.body).backgroundColor) };
    },
    { selector, property, ...options },
  );
}

test(
  'contrast of non-text parts (WCAG 1.4.11, ≥ 3:1): focus ring, inactive dots, field borders and the header search field, in both themes',
  { tag: ['@shell', '@catalog', '@auth'] },
  async ({ page }) => {
    const ratios: Record<string, number> = {};
    /** Reads the same parts in each theme, switched live on the loaded page (see view-switch.ts). */
    const inBothThemes = async (measure: () => Promise<Record<string, number>>) => {
      for (const colorScheme of COLOR_SCHEMES) {
        await showColorScheme(page, colorScheme);
        for (const [part, ratio] of Object.entries(await measure())) ratios[`${part}, ${colorScheme} theme`] = ratio;
      }
    };

    await page.goto('/');
    await expectRoutePage(page, '/');
    // The focus ring, on the first thing Tab reaches (the skip link sits on the page) and on a header control.
    await page.keyboard.press('Tab');
    await inBothThemes(async () => {
      const ring = await colours(page, ':focus-visible', 'outlineColor', { behindFrom: 'body' });
      return { 'focus ring / page': contrast(ring.part, ring.behind) };
    });
    await page.getByRole('button', { name: /Giao diện/ }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await inBothThemes(async () => {
      const ring = await colours(page, ':focus-visible', 'outlineColor');
      return { 'focus ring / header': contrast(ring.part, ring.behind) };
    });

    const dot = '[aria-label="Chọn nhóm bài nổi bật"] button:not([aria-current="true"])';
    await expect(page.locator(dot).first()).toBeVisible();
    await inBothThemes(async () => {
      const dots = await colours(page, dot, 'backgroundColor', { pseudo: '::before' });
      const search = await colours(page, 'header form[role="search"]', 'borderTopColor');
      return {
        'inactive dot': contrast(dots.part, dots.behind),
        'header search field / header': contrast(search.part, search.behind),
      };
    });

    await page.goto('/signin');
    await expectRoutePage(page, '/signin');
    await inBothThemes(async () => {
      const field = await colours(page, 'main input[type="text"], main input:not([type])', 'borderTopColor');
      return { 'sign-in field border': contrast(field.part, field.behind) };
    });

    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    await inBothThemes(async () => {
      const pager = await colours(page, 'nav[aria-label="Phân trang"] input', 'borderTopColor');
      return { 'page number field border': contrast(pager.part, pager.behind) };
    });

    expect(Object.keys(ratios), 'six parts, each in both themes').toHaveLength(12);
    for (const [part, ratio] of Object.entries(ratios)) {
      expect(ratio, `${part}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(3);
    }
  },
);
