// Keyboard only: where focus and the view go after what a user does (issue "Every user keeps
// their place", K1–K10), the live regions and reduced motion (contrast.spec.ts: non-text contrast).
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

// Tests that open the same page with the same setup share one load: each former test is a step.
test(
  'on /blog: the first load leaves focus alone; "Lên đầu trang" and a route change end on the h1',
  { tag: ['@shell', '@catalog'] },
  async ({ page }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');

    await test.step('the first load leaves focus where the browser puts it', async () => {
      expect(await focused(page)).toBe('body');
    });

    await test.step('K7: "Lên đầu trang" ends on the page\'s h1', async () => {
      await scrollToBottom(page);
      await page.getByRole('button', { name: 'Lên đầu trang' }).focus();
      await page.keyboard.press('Enter');
      await expectFocus(page, /^h1 in main: /);
      await expect.poll(() => scrollY(page)).toBe(0);
      await expect(page.getByRole('button', { name: 'Lên đầu trang' })).toHaveCount(0);
    });

    await test.step('a route change opens the new page at the top with focus on its h1 and its title said; Back restores the position', async () => {
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
  },
);

test('the listing controls of /blog keep focus with the view', { tag: '@catalog' }, async ({ page }) => {
  await page.goto('/blog');
  await expectRoutePage(page, '/blog');

  await test.step('K10: the tag filter toggle keeps focus, and tags past the collapsed edge are out of the Tab order', async () => {
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

  await test.step('K5: "Trang sau" takes focus up with the view, not 2,500 px below', async () => {
    await page.getByRole('button', { name: 'Trang sau' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expectFocus(page, /^h1 in main: /);
    await expect.poll(() => scrollY(page), { message: 'the view reaches the top' }).toBe(0);
    expect(await focusInView(page), 'focus is on screen').toBe(true);
  });

  await test.step('K6: "Trang trước" on page 2, and "Trang sau" on the last-but-one page, keep focus off <body>', async () => {
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
});

// Signing out revokes the token, so this test signs in an account of its own (not the worker's).
test(
  'signing in, the user menu and signing out, by keyboard',
  { tag: ['@auth', '@account', '@shell'] },
  async ({ page, account }) => {
    await page.goto('/signin');
    await expectRoutePage(page, '/signin');

    await test.step('both live regions are there before any toast, and an error toast speaks in the assertive one', async () => {
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

    await test.step("K9: a successful sign-in ends on the new page's h1", async () => {
      await page.getByLabel('Tên đăng nhập', { exact: true }).fill('');
      await page.getByLabel('Tên đăng nhập', { exact: true }).focus();
      await page.keyboard.type(account.username);
      await page.getByLabel('Mật khẩu', { exact: true }).fill('');
      await page.getByLabel('Mật khẩu', { exact: true }).focus();
      await page.keyboard.type(account.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expectRoutePage(page, '/');
      await expectFocus(page, /^h1 in main: /);
    });

    const trigger = page.getByRole('button', { name: /^Mở menu tài khoản/ });
    await test.step('K1: Escape in the user menu gives focus back to its button', async () => {
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      await expectFocus(page, /^a "Hồ sơ"$/);
      await page.keyboard.press('Escape');
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await expect(trigger).toBeFocused();
    });

    await test.step("K2: choosing a user-menu item ends on the new page's h1", async () => {
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expectFocus(page, /^a "Kho lưu trữ"$/);
      await page.keyboard.press('Enter');
      await expectRoutePage(page, '/repo');
      await expectFocus(page, 'h1 in main: RepoPage');
    });

    await test.step('K2: "Đăng xuất" on an account page ends on the home page\'s h1', async () => {
      await page.goto('/setting');
      await expectRoutePage(page, '/setting');
      await trigger.focus();
      await page.keyboard.press('Enter');
      await tabTo(page, /"Đăng xuất"$/, 8);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByRole('link', { name: 'Đăng nhập', exact: true })).toBeVisible();
      await expectFocus(page, /^h1 in main: /);
    });
  },
);

test.describe('at 390 px', { tag: '@shell' }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header search field fits, and the sidebar is a modal dialog whose links end on the h1', async ({
    page,
  }) => {
    await page.goto('/blog');
    await expectRoutePage(page, '/blog');

    // The header is the shell's, the same on every route.
    await test.step('the header search field shows its whole placeholder', async () => {
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

    const button = page.getByRole('button', { name: 'Mở menu điều hướng' });
    await test.step('K3: the sidebar is a modal dialog; Escape gives focus back to the menu button', async () => {
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
      await expect(button).toBeFocused();
    });

    await test.step("K4: a sidebar link ends on the new page's h1", async () => {
      await button.focus();
      await page.keyboard.press('Enter');
      await tabTo(page, /^a "Tài liệu"$/, 6);
      await page.keyboard.press('Enter');
      await expectRoutePage(page, '/docs');
      await expectFocus(page, /^h1 in main: /);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
});

test("K8: a card link ends on the new page's h1", { tag: '@catalog' }, async ({ page }) => {
  await page.goto('/software');
  await expectRoutePage(page, '/software');
  await page.getByRole('article').first().getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expectRoutePage(page, '/');
  await expectFocus(page, /^h1 in main: /);
});

test.describe('reduced motion', { tag: ['@shell', '@catalog'] }, () => {
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
