// Keyboard only: where focus and the view go after what a user does (issue "Every user keeps
// their place", K1–K10), the live regions, reduced motion and the contrast of non-text parts.
// Each check reads state (what is focused, where the view is), never how long anything took.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectRoutePage } from '../support/remote-page.ts';

/** What has focus: `h1 in main: <text>`, `body`, or `<tag> "<name>"`. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.matches('#main-content h1')) return `h1 in main: ${active.textContent?.trim() ?? ''}`;
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
    return `${active.tagName.toLowerCase()} "${name}"`;
  });
}

const expectFocus = (page: Page, expected: string | RegExp, message?: string) =>
  expect.poll(() => focused(page), { message: message ?? `focus lands on ${String(expected)}` }).toMatch(expected);

/** Focus is inside the viewport (not left behind off-screen). */
const focusInView = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    const box = active.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Takes focus to `name`'s control by pressing Tab (at most `limit` times), as a keyboard user does. */
async function tabTo(page: Page, pattern: RegExp, limit = 60): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    if (pattern.test(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  expect(await focused(page), `Tab reaches ${String(pattern)}`).toMatch(pattern);
}

async function scrollToBottom(page: Page): Promise<number> {
  await page.keyboard.press('End');
  await expect.poll(() => scrollY(page), { message: 'End scrolls the page down' }).toBeGreaterThan(1000);
  // Wait until the view stops (End may scroll smoothly).
  let last = -1;
  await expect
    .poll(async () => {
      const now = await scrollY(page);
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  return last;
}

test.describe('a route change', () => {
  test('opens the new page at the top with focus on its h1 and its title said; Back restores the position', async ({
    page,
  }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    const left = await scrollToBottom(page);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Khóa học' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/courses');
    await expectRoutePage(page, '/courses');
    await expectFocus(page, /^h1 in main: /);
    expect(await scrollY(page), 'the new page opens at the top').toBe(0);
    await expect(page.locator('[aria-live="polite"][data-live]')).toHaveText('DevHub - Khóa học');

    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/blog');
    await expect.poll(() => scrollY(page), { message: 'Back comes back to where /blog was left' }).toBe(left);
    await page.goForward();
    await expect(page).toHaveURL((url) => url.pathname === '/courses');
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('leaves focus where the browser puts it on the first load', async ({ page }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    expect(await focused(page)).toBe('body');
  });

  test('has both live regions before any toast, and an error toast speaks in the assertive one', async ({ page }) => {
    await page.goto('/signin');
    await expectRoutePage(page, '/signin');
    await expect(page.locator('[aria-live="polite"][data-live]')).toHaveCount(1);
    await expect(page.locator('[aria-live="assertive"][data-live]')).toHaveCount(1);
    await expect(page.getByText('Tên đăng nhập hoặc mật khẩu không đúng')).toHaveCount(0);

    await page.getByLabel('Tên đăng nhập', { exact: true }).focus();
    await page.keyboard.type('khong.co.ai');
    // The password field comes after 'Quên mật khẩu?' in the Tab order.
    await page.getByLabel('Mật khẩu', { exact: true }).focus();
    await page.keyboard.type('sai-mat-khau-1');
    await page.keyboard.press('Enter');
    await expect(page.locator('[aria-live="assertive"][data-live]')).toHaveText(
      'Tên đăng nhập hoặc mật khẩu không đúng',
    );
  });
});

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('K1: Escape in the user menu gives focus back to its button', async ({ page }) => {
    await page.goto('/');
    await expectRoutePage(page, '/');
    const trigger = page.getByRole('button', { name: /^Mở menu tài khoản/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expectFocus(page, /^a "Hồ sơ"$/);
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
  });

  test("K2: choosing a user-menu item ends on the new page's h1", async ({ page }) => {
    await page.goto('/');
    await expectRoutePage(page, '/');
    const trigger = page.getByRole('button', { name: /^Mở menu tài khoản/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expectFocus(page, /^a "Kho lưu trữ"$/);
    await page.keyboard.press('Enter');
    await expectRoutePage(page, '/repo');
    await expectFocus(page, 'h1 in main: RepoPage');
  });
});

// Signing out revokes the token, so this test signs in an account of its own (not the worker's).
test('K2: "Đăng xuất" on an account page ends on the home page\'s h1', async ({ page, account }) => {
  await page.goto('/signin?redirect=%2Fsetting');
  await expectRoutePage(page, '/signin');
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(account.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
  await expectRoutePage(page, '/setting');

  await page.getByRole('button', { name: /^Mở menu tài khoản/ }).focus();
  await page.keyboard.press('Enter');
  await tabTo(page, /"Đăng xuất"$/, 8);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Đăng nhập', exact: true })).toBeVisible();
  await expectFocus(page, /^h1 in main: /);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('K3: the sidebar is a modal dialog; Escape gives focus back to the menu button', async ({ page }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    const button = page.getByRole('button', { name: 'Mở menu điều hướng' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Điều hướng chính' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expectFocus(page, /^a "Trang chủ"$/, 'focus moves into the dialog');
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement)), 'Tab stays inside').toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mở menu điều hướng' })).toBeFocused();
  });

  test("K4: a sidebar link ends on the new page's h1", async ({ page }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    await page.getByRole('button', { name: 'Mở menu điều hướng' }).focus();
    await page.keyboard.press('Enter');
    await tabTo(page, /^a "Tài liệu"$/, 6);
    await page.keyboard.press('Enter');
    await expectRoutePage(page, '/docs');
    await expectFocus(page, /^h1 in main: /);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the header search field shows its whole placeholder', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('search', { name: 'Tìm kiếm' }).getByRole('searchbox');
    const cut = await box.evaluate((input: HTMLInputElement) => {
      const probe = document.createElement('span');
      const style = getComputedStyle(input);
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'pre';
      probe.textContent = input.placeholder;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      return needed > input.clientWidth;
    });
    expect(cut, 'the placeholder fits its field').toBe(false);
  });
});

test.describe('listing controls', () => {
  test('K5: "Trang sau" takes focus up with the view, not 2,500 px below', async ({ page }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    await page.getByRole('button', { name: 'Trang sau' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expectFocus(page, /^h1 in main: /);
    await expect.poll(() => scrollY(page), { message: 'the view reaches the top' }).toBe(0);
    expect(await focusInView(page), 'focus is on screen').toBe(true);
  });

  test('K6: "Trang trước" on page 2, and "Trang sau" on the last-but-one page, keep focus off <body>', async ({
    page,
  }) => {
    await page.goto('/blog?page=2');
    await expectRoutePage(page, '/blog');
    await page.getByRole('button', { name: 'Trang trước' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Trang trước' })).toBeDisabled();
    await expectFocus(page, /^h1 in main: /);

    const total = Number(
      await page
        .getByText(/^\/ \d+$/)
        .first()
        .evaluate((node) => node.textContent?.slice(2)),
    );
    await page.goto(`/blog?page=${total - 1}`);
    await expectRoutePage(page, '/blog');
    await page.getByRole('button', { name: 'Trang sau' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Trang sau' })).toBeDisabled();
    await expectFocus(page, /^h1 in main: /);
  });

  test('K7: "Lên đầu trang" ends on the page\'s h1', async ({ page }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Lên đầu trang' }).focus();
    await page.keyboard.press('Enter');
    await expectFocus(page, /^h1 in main: /);
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(page.getByRole('button', { name: 'Lên đầu trang' })).toHaveCount(0);
  });

  test("K8: a card link ends on the new page's h1", async ({ page }) => {
    await page.goto('/software');
    await expectRoutePage(page, '/software');
    await page.getByRole('article').first().getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectRoutePage(page, '/');
    await expectFocus(page, /^h1 in main: /);
  });

  test('K10: the tag filter toggle keeps focus, and tags past the collapsed edge are out of the Tab order', async ({
    page,
  }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    const panel = page.getByRole('region', { name: 'Thẻ' });
    const toggle = panel.getByRole('button', { name: 'Mở rộng' });
    await expect
      .poll(() =>
        panel
          .locator('li')
          .evaluateAll((items) => items.filter((item) => !item.checkVisibility({ visibilityProperty: true })).length),
      )
      .toBeGreaterThan(0);

    // Tab from the last visible tag goes straight to the toggle.
    const visibleTags = await panel
      .locator('li button')
      .evaluateAll(
        (buttons) => buttons.filter((button) => button.checkVisibility({ visibilityProperty: true })).length,
      );
    await panel
      .locator('li button')
      .nth(visibleTags - 1)
      .focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    const collapse = panel.getByRole('button', { name: 'Thu gọn' });
    await expect(collapse).toBeFocused();
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    expect(
      await panel
        .locator('li')
        .evaluateAll((items) => items.every((item) => item.checkVisibility({ visibilityProperty: true }))),
      'every tag shows once expanded',
    ).toBe(true);
  });
});

test.describe('signing in', () => {
  test("K9: a successful sign-in ends on the new page's h1", async ({ page, account }) => {
    await page.goto('/signin');
    await expectRoutePage(page, '/signin');
    await page.getByLabel('Tên đăng nhập', { exact: true }).focus();
    await page.keyboard.type(account.username);
    await page.getByLabel('Mật khẩu', { exact: true }).focus();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectRoutePage(page, '/');
    await expectFocus(page, /^h1 in main: /);
  });
});

test.describe('reduced motion', () => {
  test('"Lên đầu trang" and a page change jump at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');
    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Lên đầu trang' }).focus();
    await page.keyboard.press('Enter');
    expect(await scrollY(page), 'at the top as soon as the key has done its work').toBe(0);

    await scrollToBottom(page);
    await page.getByRole('button', { name: 'Trang sau' }).focus();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    expect(await scrollY(page), 'a page change too').toBe(0);
  });
});

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

test.describe('contrast of non-text parts (WCAG 1.4.11, ≥ 3:1)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${colorScheme} theme`, () => {
      test.use({ colorScheme });

      test('focus ring, inactive dots, field borders and the header search field', async ({ page }) => {
        await page.goto('/');
        await expectRoutePage(page, '/');
        const ratios: Record<string, number> = {};

        // The focus ring, on the first thing Tab reaches (the skip link sits on the page) and on a header control.
        await page.keyboard.press('Tab');
        let ring = await colours(page, ':focus-visible', 'outlineColor', { behindFrom: 'body' });
        ratios['focus ring / page'] = contrast(ring.part, ring.behind);
        await page.getByRole('button', { name: /Giao diện/ }).focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        ring = await colours(page, ':focus-visible', 'outlineColor');
        ratios['focus ring / header'] = contrast(ring.part, ring.behind);

        const dot = '[aria-label="Chọn nhóm bài nổi bật"] button:not([aria-current="true"])';
        await expect(page.locator(dot).first()).toBeVisible();
        const dots = await colours(page, dot, 'backgroundColor', { pseudo: '::before' });
        ratios['inactive dot'] = contrast(dots.part, dots.behind);

        const search = await colours(page, 'header form[role="search"]', 'borderTopColor');
        ratios['header search field / header'] = contrast(search.part, search.behind);

        await page.goto('/signin');
        await expectRoutePage(page, '/signin');
        const field = await colours(page, 'main input[type="text"], main input:not([type])', 'borderTopColor');
        ratios['sign-in field border'] = contrast(field.part, field.behind);

        await page.goto('/blog');
        await expectRoutePage(page, '/blog');
        const pager = await colours(page, 'nav[aria-label="Phân trang"] input', 'borderTopColor');
        ratios['page number field border'] = contrast(pager.part, pager.behind);

        for (const [part, ratio] of Object.entries(ratios)) {
          expect(ratio, `${part}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(3);
        }
      });
    });
  }
});
