// No dead click: on a prerendered page, a control clicked as soon as the page shows takes effect,
// though the shell has not hydrated it yet (the head script's event replay, event-replay.js).
// Each control is clicked 50 ms after the first contentful paint, the CPU slowed 4× until then, and
// checked by its effect, never by a duration.
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';
import { recordInsertedText } from '../support/inserted-text.ts';
import { consoleProblems, prerenderedStackTest as test } from '../support/prerendered-stack.ts';

declare global {
  interface Window {
    /** Settled at the page's first contentful paint. */
    __firstPaint?: Promise<void>;
    /** `data-rendering` of <html> when the first click or change reached the page. */
    __renderingAtClick?: string;
  }
}

/**
 * Chromium's note on a preloaded file not yet used a few seconds after load: these tests end that
 * soon, and the next pages' files are preloaded on purpose (remote-preload.ts).
 */
const PRELOAD_NOT_USED = /was preloaded using link preload but not used/;

/**
 * Opens `path` with the CPU slowed 4×, waits for its first contentful paint and 50 ms more, then
 * acts on the control. Notes whether the page had hydrated when the click reached it
 * (informative: on a loaded machine it may have).
 */
async function actSoonAfterFirstPaint(page: Page, path: string, control: (page: Page) => Locator, act?: 'select') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    window.__firstPaint = new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    });
    // Ahead of the page's own listeners (an init script runs first): sees the event as it arrives.
    const note = () => {
      if (window.__renderingAtClick === undefined)
        window.__renderingAtClick = document.documentElement.getAttribute('data-rendering') ?? 'not hydrated';
    };
    window.addEventListener('click', note, true);
    window.addEventListener('change', note, true);
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.evaluate(() => window.__firstPaint);
  const target = control(page);
  // Where the control is already in the page, scrolled to (as a visitor would) and clicked at its
  // place, without Playwright's checks that it is stable (frames the slowed page draws late); a
  // control only the browser renders (the carousel's dots, the signed-in header) is waited for and
  // clicked as soon as it shows.
  const inPage = act !== 'select' && (await target.count()) > 0;
  if (inPage) await target.scrollIntoViewIfNeeded();
  const box = inPage ? await target.boundingBox() : null;
  await page.waitForTimeout(50);
  if (act === 'select') await target.selectOption('views');
  else if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  else await target.click();
  const rendering = await page.evaluate(() => window.__renderingAtClick);
  test.info().annotations.push({ type: 'rendering at click', description: `${path}: ${rendering}` });
  // The click has reached the page: the slowed CPU only widened the time before hydration, so the
  // rest (hydrating, the click's effect) runs at the machine's speed.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

test.describe('a click right after a prerendered page shows', { tag: '@shell' }, () => {
  let problems: string[] = [];
  test.beforeEach(({ page }) => {
    problems = consoleProblems(page, [PRELOAD_NOT_USED]);
  });
  test.afterEach(() => {
    expect(problems, 'no hydration warning, no error').toEqual([]);
  });

  test('the theme toggle changes the theme', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await actSoonAfterFirstPaint(page, '/', (p) => p.getByRole('button', { name: /Giao diện/ }));
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).not.toHaveClass(/\blight\b/);
  });

  test.describe('the carousel', { tag: '@catalog' }, () => {
    const slide = (page: Page, label: string) => page.locator(`[aria-roledescription="slide"][aria-label="${label}"]`);

    test('its next arrow shows the next slides', async ({ page }) => {
      await actSoonAfterFirstPaint(page, '/', (p) =>
        p.getByRole('region', { name: 'Bài nổi bật' }).getByRole('button', { name: 'Trang trình chiếu sau' }),
      );
      await expect(slide(page, '4 / 10')).toHaveAttribute('aria-hidden', 'false');
      await expect(slide(page, '1 / 10')).toHaveAttribute('aria-hidden', 'true');
    });

    test('a dot shows its slides', async ({ page }) => {
      await actSoonAfterFirstPaint(page, '/', (p) =>
        p.getByRole('group', { name: 'Chọn nhóm bài nổi bật' }).getByRole('button').nth(1),
      );
      await expect(slide(page, '4 / 10')).toHaveAttribute('aria-hidden', 'false');
      await expect(slide(page, '1 / 10')).toHaveAttribute('aria-hidden', 'true');
    });
  });

  test('the tag filter opens', { tag: '@catalog' }, async ({ page }) => {
    await actSoonAfterFirstPaint(page, '/courses', (p) => p.getByRole('button', { name: 'Mở rộng', exact: true }));
    await expect(page.getByRole('button', { name: 'Thu gọn', exact: true })).toHaveAttribute('aria-expanded', 'true');
  });

  test('the pager turns the page', { tag: '@catalog' }, async ({ page }) => {
    await actSoonAfterFirstPaint(page, '/blog', (p) => p.getByRole('button', { name: 'Trang sau', exact: true }));
    await expect(page.getByRole('textbox', { name: 'Nhập số trang' })).toHaveValue('2');
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  });

  test('the sort select sorts', { tag: '@catalog' }, async ({ page }) => {
    await actSoonAfterFirstPaint(page, '/courses', (p) => p.getByRole('combobox', { name: 'Sắp xếp' }), 'select');
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'views');
    await expect(page.getByRole('combobox', { name: 'Sắp xếp' })).toHaveValue('views');
  });

  test('the Google button shows its toast', { tag: '@auth' }, async ({ page }) => {
    const insertions = await recordInsertedText(page);
    await actSoonAfterFirstPaint(page, '/signin', (p) => p.getByRole('button', { name: /Google/ }));
    await expect.poll(() => insertions('tính năng đang phát triển'), 'the toast was shown').toBeGreaterThan(0);
  });

  test(
    "the chrome works while the page's code is on its way, and a click on the page takes effect once it is in",
    { tag: '@catalog' },
    async ({ page, stack }) => {
      await page.addInitScript(() => localStorage.setItem('theme', 'light'));
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // The catalog's code held back (its manifest, entry and the home page's chunks); its stylesheets
      // and pictures come.
      await page.route(
        (url) => url.origin === stack.originOf('catalog') && /\.js$|mf-manifest\.json$/.test(url.pathname),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      // Not to the load event: the held files are among those it waits for.
      await page.goto('/', { waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveAttribute('data-rendering', 'hydrated');
      await page.getByRole('button', { name: /Giao diện/ }).click();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);

      // The page is still the server's markup, not a skeleton, and not mounted.
      const carousel = page.getByRole('region', { name: 'Bài nổi bật' });
      await expect(carousel).toBeVisible();
      await expect(page.getByText('Đang tải nội dung…')).toHaveCount(0);
      const marks = () => page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
      expect(await marks()).not.toContain('remote-mounted:catalog/HomePage');
      await carousel.getByRole('button', { name: 'Trang trình chiếu sau' }).click();

      release();
      const slide = (label: string) => page.locator(`[aria-roledescription="slide"][aria-label="${label}"]`);
      await expect(slide('1 / 10')).toHaveAttribute('aria-hidden', 'true');
      await expect(slide('4 / 10')).toHaveAttribute('aria-hidden', 'false');
      await expect.poll(marks).toContain('remote-mounted:catalog/HomePage');
    },
  );

  test.describe('at 390px', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('the header menu opens', async ({ page }) => {
      await actSoonAfterFirstPaint(page, '/blog', (p) => p.getByRole('button', { name: 'Mở menu điều hướng' }));
      await expect(page.getByRole('button', { name: 'Đóng menu điều hướng' })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('#main-sidebar')).toBeVisible();
    });
  });

  test.describe('signed in', () => {
    test.use({ signedIn: true });

    test('the user menu opens', async ({ page }) => {
      await actSoonAfterFirstPaint(page, '/', (p) => p.getByRole('button', { name: /^Mở menu tài khoản/ }));
      await expect(page.getByRole('link', { name: 'Hồ sơ' })).toBeVisible();
    });
  });
});
