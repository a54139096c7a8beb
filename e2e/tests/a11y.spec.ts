// axe-core on every route and every open state, in both themes, at a phone's width and a
// desktop's: WCAG 2.2 A/AA and best practice, every impact, none allowed.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectRoutePage } from '../support/remote-page.ts';
import { ROUTES } from '../support/routes.ts';

const NOT_FOUND = '/khong-ton-tai';
const GUEST_ONLY = new Set(['/signin', '/signup']);

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
  widths: readonly number[];
  signedIn: boolean;
  open: (page: Page) => Promise<void>;
}> = [
  {
    name: 'the user menu open',
    path: '/',
    widths: [390, 1280],
    signedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: /^Mở menu tài khoản/ }).click();
      await expect(page.getByRole('link', { name: 'Hồ sơ' })).toBeVisible();
    },
  },
  {
    name: 'the sidebar open',
    path: '/blog',
    widths: [390],
    signedIn: false,
    open: async (page) => {
      await page.getByRole('button', { name: 'Mở menu điều hướng' }).click();
      await expect(page.getByRole('dialog', { name: 'Điều hướng chính' })).toBeVisible();
    },
  },
  {
    name: 'the tag filter expanded',
    path: '/blog',
    widths: [390, 1280],
    signedIn: false,
    open: async (page) => {
      await page.getByRole('button', { name: 'Mở rộng' }).click();
      await expect(page.getByRole('button', { name: 'Thu gọn' })).toHaveAttribute('aria-expanded', 'true');
    },
  },
];

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test.describe(`axe, ${colorScheme} theme, ${width}px`, () => {
      test.use({ colorScheme, viewport: { width, height: 844 } });

      for (const path of [...ROUTES.map((route) => route.path), NOT_FOUND]) {
        const signedIn = !GUEST_ONLY.has(path);
        test.describe(() => {
          test.use({ signedIn });

          test(`finds no violation on ${path}${signedIn ? ' signed in' : ''}`, async ({ page, axe }) => {
            await page.goto(path);
            await expectShown(page, path);
            expect(await axe.violations()).toEqual([]);
          });
        });
      }

      for (const state of OPEN_STATES.filter((candidate) => candidate.widths.includes(width))) {
        test.describe(() => {
          test.use({ signedIn: state.signedIn });

          test(`finds no violation with ${state.name} on ${state.path}`, async ({ page, axe }) => {
            await page.goto(state.path);
            await expectShown(page, state.path);
            await state.open(page);
            expect(await axe.violations()).toEqual([]);
          });
        });
      }
    });
  }
}
