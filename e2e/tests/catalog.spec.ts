// The catalogue remote through the shell, as a visitor sees it: the home page, the carousel at
// three widths, the header search leading into a listing, and the go-to-top button (the listings'
// contents, tags, search, sort, pager and history: remote-catalog's listing-page.test.tsx,
// pager.test.tsx and home-page.test.tsx).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectRoutePage } from '../support/remote-page.ts';

/** Opens a path of the shell and waits for its catalogue page's content. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expectRoutePage(page, new URL(path, 'http://shell').pathname);
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test.describe('home page', { tag: '@catalog' }, () => {
  test('shows the featured carousel, the 45 top tags and the seven sections with their links', async ({ page }) => {
    await open(page, '/');
    await expect(page).toHaveTitle('DevHub');
    await expect(page.getByRole('heading', { name: 'Bài nổi bật' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Xem chi tiết', includeHidden: true })).toHaveCount(10);

    const tags = page.getByRole('region', { name: 'Top tìm kiếm' }).getByRole('link');
    await expect(tags).toHaveCount(45);
    // Read in one call: each tag's text and where it leads.
    const links = await tags.evaluateAll((all) =>
      all.map((link) => [(link as HTMLElement).innerText, link.getAttribute('href')] as const),
    );
    for (const [tag, href] of links) expect(href, tag).toBe(`/blog?tag=${encodeURIComponent(tag.replace(/^#/, ''))}`);

    const sections = [
      ['Bài viết mới nhất', '/blog'],
      ['Phần mềm mới nhất', '/software'],
      ['Phần mềm tải nhiều nhất', '/software'],
      ['Tài liệu mới nhất', '/docs'],
      ['Tài liệu tải nhiều nhất', '/docs'],
      ['Khóa học mới nhất', '/courses'],
      ['Khóa học tải nhiều nhất', '/courses'],
    ] as const;
    for (const [title, href] of sections) {
      const section = page.getByRole('region', { name: title });
      await expect(section.getByRole('article'), title).toHaveCount(4);
      await expect(section.getByRole('link', { name: 'Xem tất cả' }), title).toHaveAttribute('href', href);
      for (const count of await section.getByText(/lượt tải$/).allTextContents()) {
        expect(count, title).toMatch(/^\d{1,3}(\.\d{3})* lượt tải$/);
      }
    }

    await page.getByRole('region', { name: 'Tài liệu mới nhất' }).getByRole('link', { name: 'Xem tất cả' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tất cả tài liệu' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/docs');
  });

  for (const [width, visible, groups] of [
    [390, 1, 10],
    [800, 2, 5],
    [1280, 3, 4],
  ] as const) {
    test.describe(`at ${width}px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test(`shows ${visible} featured slide(s) and wraps around both ends`, async ({ page }) => {
        await open(page, '/');
        const carousel = page.getByRole('region', { name: 'Bài nổi bật' });
        const slides = carousel.getByRole('group', { name: /^\d+ \/ 10$/ });
        const dots = carousel.getByRole('group', { name: 'Chọn nhóm bài nổi bật' }).getByRole('button');
        const viewport = await carousel.evaluate((element) => {
          const box = element.querySelector('[aria-roledescription="slide"]')?.parentElement?.parentElement;
          const { left, right } = box!.getBoundingClientRect();
          return { left, right };
        });
        /** The slides the carousel exposes, and those actually inside its viewport. */
        const shown = async () => ({
          exposed: await slides.evaluateAll((all) => all.map((slide) => slide.getAttribute('aria-label'))),
          onScreen: await carousel.locator('[aria-roledescription="slide"]').evaluateAll(
            (elements, { left, right }) =>
              elements
                .filter((element) => {
                  const box = element.getBoundingClientRect();
                  return box.left >= left - 1 && box.right <= right + 1;
                })
                .map((element) => element.getAttribute('aria-label')),
            viewport,
          ),
        });
        const labels = (from: number, count: number) =>
          Array.from({ length: count }, (_, index) => `${from + index} / 10`);
        const expectGroup = (expected: string[]) =>
          expect.poll(shown, { intervals: [50, 100, 200] }).toEqual({ exposed: expected, onScreen: expected });
        const last = (groups - 1) * visible + 1;
        const next = carousel.getByRole('button', { name: 'Trang trình chiếu sau' });
        const previous = carousel.getByRole('button', { name: 'Trang trình chiếu trước' });

        await expect(dots).toHaveCount(groups);
        await expectGroup(labels(1, visible));
        await next.click();
        await expectGroup(labels(1 + visible, visible));
        await previous.click();
        await previous.click();
        await expectGroup(labels(last, 10 - last + 1));
        await next.click();
        await expectGroup(labels(1, visible));
        await dots.nth(groups - 1).click();
        await expectGroup(labels(last, 10 - last + 1));
        await expect(dots.nth(groups - 1)).toHaveAttribute('aria-current', 'true');
        await page.keyboard.press('ArrowRight');
        await expectGroup(labels(1, visible));
      });
    });
  }
});

test.describe('listings', { tag: '@catalog' }, () => {
  test('filters a listing from the header search (?q=)', async ({ page }) => {
    await open(page, '/docs');
    const header = page.getByRole('banner');
    await header.getByRole('searchbox').fill('kubernetes');
    await header.getByRole('searchbox').press('Enter');
    await expect.poll(() => param(page, 'q')).toBe('kubernetes');
    await expect(page.getByRole('searchbox', { name: 'Tìm trong danh sách' })).toHaveValue('kubernetes');
    await expect
      .poll(async () => {
        const texts = await page.locator('main article').allTextContents();
        return texts.length > 0 && texts.every((text) => /kubernetes/i.test(text));
      }, 'every card mentions kubernetes')
      .toBe(true);
  });

  test.describe('at 390px', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('shows the "Lên đầu trang" button only past 400px of scroll', async ({ page }) => {
      await open(page, '/blog');
      const button = page.getByRole('button', { name: 'Lên đầu trang' });
      await page.evaluate(() => window.scrollTo(0, 380));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(380);
      await expect(button).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 900));
      await expect(button).toBeVisible();
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(button).toHaveCount(0);
    });
  });
});
