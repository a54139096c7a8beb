// axe-core on every page (one route of each) and every open state, in both themes, at a phone's width and a
// desktop's: WCAG 2.2 A/AA and best practice, every impact, none allowed. Each page is loaded
// once and read in all four combinations (see view-switch.ts); a step names each one. A theme
// changes only colours (shared/src/styles/tokens.css) and the theme toggle's name (its unit
// test): the second theme is read by the rules that read colours.
import type { Page } from '@playwright/test';
import { expect, test, type Axe } from '../support/fixtures.ts';
import { expectRoutePage } from '../support/remote-page.ts';
import { ONE_ROUTE_PER_PAGE, appTag } from '../support/routes.ts';
import { COLOR_SCHEMES, showColorScheme, showWidth } from '../support/view-switch.ts';

const NOT_FOUND = '/khong-ton-tai';
const GUEST_ONLY = new Set(['/signin', '/signup']);
const WIDTHS = [390, 1280] as const;

async function expectShown(page: Page, path: string) {
  if (path === NOT_FOUND) {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } else {
    await expectRoutePage(page, path);
  }
}

/** Open states, each from a route, at the widths where the state exists. */
const OPEN_STATES: ReadonlyArray<{
  name: string;
  path: string;
  /** Whose part is open: the app whose run (`npm test -w <app>`) checks it. */
  tag: string;
  widths: readonly number[];
  signedIn: boolean;
  open: (page: Page) => Promise<void>;
  /** The state is (still) open. */
  expectOpen: (page: Page) => Promise<void>;
}> = [
  {
    name: 'the user menu open',
    path: '/',
    tag: '@shell',
    widths: [390, 1280],
    signedIn: true,
    open: (page) => page.getByRole('button', { name: /^Mở menu tài khoản/ }).click(),
    expectOpen: (page) => expect(page.getByRole('link', { name: 'Hồ sơ' })).toBeVisible(),
  },
  {
    name: 'the sidebar open',
    path: '/blog',
    tag: '@shell',
    widths: [390],
    signedIn: false,
    open: (page) => page.getByRole('button', { name: 'Mở menu điều hướng' }).click(),
    expectOpen: (page) => expect(page.getByRole('dialog', { name: 'Điều hướng chính' })).toBeVisible(),
  },
  {
    name: 'the tag filter expanded',
    path: '/blog',
    tag: '@catalog',
    widths: [390, 1280],
    signedIn: false,
    open: (page) => page.getByRole('button', { name: 'Mở rộng' }).click(),
    expectOpen: (page) =>
      expect(page.getByRole('button', { name: 'Thu gọn' })).toHaveAttribute('aria-expanded', 'true'),
  },
];

/**
 * At each width (the first is the one the page was loaded at), in each theme: what `beforeEach`
 * proves, then no violation. Soft, so one failing combination still lets the others report.
 */
async function expectNoViolation(
  page: Page,
  axe: Axe,
  widths: readonly number[],
  beforeEach: () => Promise<void> = async () => undefined,
) {
  for (const [index, width] of widths.entries()) {
    if (index > 0) await showWidth(page, width);
    for (const [schemeIndex, colorScheme] of COLOR_SCHEMES.entries()) {
      await test.step(`${colorScheme} theme, ${width}px`, async () => {
        await showColorScheme(page, colorScheme);
        await beforeEach();
        const violations = await axe.violations({ colourOnly: schemeIndex > 0 });
        expect.soft(violations, `violations, ${colorScheme} theme, ${width}px`).toEqual([]);
      });
    }
  }
}

test.describe('axe, both themes, 390px and 1280px', () => {
  for (const path of [...ONE_ROUTE_PER_PAGE.map((route) => route.path), NOT_FOUND]) {
    const signedIn = !GUEST_ONLY.has(path);
    test.describe(() => {
      test.use({ signedIn, viewport: { width: WIDTHS[0], height: 844 } });

      test(
        `finds no violation on ${path}${signedIn ? ' signed in' : ''}`,
        { tag: appTag(path) },
        async ({ page, axe }) => {
          await page.goto(path);
          await expectShown(page, path);
          await expectNoViolation(page, axe, WIDTHS);
        },
      );
    });
  }

  for (const state of OPEN_STATES) {
    test.describe(() => {
      test.use({ signedIn: state.signedIn, viewport: { width: state.widths[0]!, height: 844 } });

      test(`finds no violation with ${state.name} on ${state.path}`, { tag: state.tag }, async ({ page, axe }) => {
        await page.goto(state.path);
        await expectShown(page, state.path);
        await state.open(page);
        await state.expectOpen(page);
        await expectNoViolation(page, axe, state.widths, () => state.expectOpen(page));
      });
    });
  }
});
