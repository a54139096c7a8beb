// The catalogue remote through the shell, as a visitor sees it: the home page, the carousel at
// three widths, the four listings with their search, tags, sort, pager and history, and the
// go-to-top button. Runs against the production builds (build the shell and the remotes first).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage } from '../support/browser.mjs';
import { useStack } from '../support/suite.mjs';

const suite = useStack();

/** Polls until `check` stops throwing: the page settles (navigation, transitions) at its own pace. */
async function eventually(check, { tries = 100, interval = 50 } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await check();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

/** Opens a path of the shell in a fresh context and waits for the catalogue page's heading. */
async function visit(path, options = {}) {
  const session = await openPage(suite.browser, options);
  await session.page.goto(`${suite.stack.shellUrl}${path}`);
  await session.page
    .getByRole('heading', { level: options.heading ?? 1 })
    .first()
    .waitFor();
  return session;
}

async function withPage(path, options, run) {
  const session = await visit(path, options);
  try {
    await run(session.page);
    assert.deepEqual(session.errors, [], 'no page errors');
  } finally {
    await session.context.close();
  }
}

const params = (page) => new URL(page.url()).searchParams;

const resultCount = async (page) =>
  Number((await page.getByText(/^\d+ kết quả$/).textContent()).replace(' kết quả', ''));

const cardTitles = (page) =>
  page.locator('main article').evaluateAll((cards) => cards.map((card) => card.querySelector('h3 a').textContent));

const cardTags = (page) =>
  page
    .locator('main article')
    .evaluateAll((cards) => cards.map((card) => [...card.querySelectorAll('ul li')].map((li) => li.textContent)));

const cardNumbers = (page, unit) =>
  page.locator('main article').evaluateAll(
    (cards, suffix) =>
      cards.map((card) => {
        const stat = [...card.querySelectorAll('span')].find((span) => span.textContent.endsWith(suffix));
        return Number(stat.textContent.replace(suffix, '').replace(/\./g, '').trim());
      }),
    unit,
  );

/** Every title of a listing, page after page. */
async function allTitles(page, path) {
  await page.goto(`${suite.stack.shellUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const total = await resultCount(page);
  const titles = [];
  for (let number = 1; titles.length < total; number += 1) {
    await page.goto(`${suite.stack.shellUrl}${path}?page=${number}`);
    await eventually(async () =>
      assert.equal(await page.getByRole('textbox', { name: 'Nhập số trang' }).inputValue(), String(number)),
    );
    titles.push(...(await cardTitles(page)));
  }
  return { total, titles };
}

describe('home page', () => {
  it('shows the featured carousel, the 45 top tags and the seven sections with their links', async () => {
    await withPage('/', { heading: 2 }, async (page) => {
      assert.equal(await page.title(), 'DevHub');
      await page.getByRole('heading', { name: 'Bài nổi bật' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Xem chi tiết', includeHidden: true }).count(), 10);

      const tags = page.getByRole('region', { name: 'Top tìm kiếm' }).getByRole('link');
      assert.equal(await tags.count(), 45);
      for (const link of await tags.all()) {
        const href = await link.getAttribute('href');
        const tag = await link.innerText();
        assert.equal(href, `/blog?tag=${encodeURIComponent(tag.replace(/^#/, ''))}`);
      }

      const sections = [
        ['Bài viết mới nhất', '/blog'],
        ['Phần mềm mới nhất', '/software'],
        ['Phần mềm tải nhiều nhất', '/software'],
        ['Tài liệu mới nhất', '/docs'],
        ['Tài liệu tải nhiều nhất', '/docs'],
        ['Khóa học mới nhất', '/courses'],
        ['Khóa học tải nhiều nhất', '/courses'],
      ];
      for (const [title, href] of sections) {
        const section = page.getByRole('region', { name: title });
        assert.equal(await section.getByRole('article').count(), 4, title);
        assert.equal(await section.getByRole('link', { name: 'Xem tất cả' }).getAttribute('href'), href, title);
        for (const count of await section.getByText(/lượt tải$/).allTextContents()) {
          assert.match(count, /^\d{1,3}(\.\d{3})* lượt tải$/);
        }
      }

      await page.getByRole('region', { name: 'Tài liệu mới nhất' }).getByRole('link', { name: 'Xem tất cả' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tất cả tài liệu' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/docs');
    });
  });

  for (const [width, visible, groups] of [
    [390, 1, 10],
    [800, 2, 5],
    [1280, 3, 4],
  ]) {
    it(`shows ${visible} featured slide(s) at ${width}px and wraps around both ends`, async () => {
      await withPage('/', { width, heading: 2 }, async (page) => {
        const carousel = page.getByRole('region', { name: 'Bài nổi bật' });
        const slides = carousel.getByRole('group', { name: /^\d+ \/ 10$/ });
        const dots = carousel.getByRole('group', { name: 'Chọn nhóm bài nổi bật' }).getByRole('button');
        const viewport = await carousel.evaluate((element) => {
          const box = element.querySelector('[aria-roledescription="slide"]').parentElement.parentElement;
          const { left, right } = box.getBoundingClientRect();
          return { left, right };
        });
        const onScreen = () =>
          carousel.locator('[aria-roledescription="slide"]').evaluateAll(
            (elements, { left, right }) =>
              elements
                .filter((element) => {
                  const box = element.getBoundingClientRect();
                  return box.left >= left - 1 && box.right <= right + 1;
                })
                .map((element) => element.getAttribute('aria-label')),
            viewport,
          );
        const expectGroup = (labels) =>
          eventually(async () => {
            assert.deepEqual(await slides.evaluateAll((all) => all.map((s) => s.getAttribute('aria-label'))), labels);
            assert.deepEqual(await onScreen(), labels);
          });
        const labels = (from, count) => Array.from({ length: count }, (_, index) => `${from + index} / 10`);
        const last = (groups - 1) * visible + 1;

        assert.equal(await dots.count(), groups);
        await expectGroup(labels(1, visible));
        await carousel.getByRole('button', { name: 'Trang trình chiếu sau' }).click();
        await expectGroup(labels(1 + visible, visible));
        await carousel.getByRole('button', { name: 'Trang trình chiếu trước' }).click();
        await carousel.getByRole('button', { name: 'Trang trình chiếu trước' }).click();
        await expectGroup(labels(last, 10 - last + 1));
        await carousel.getByRole('button', { name: 'Trang trình chiếu sau' }).click();
        await expectGroup(labels(1, visible));
        await dots.nth(groups - 1).click();
        await expectGroup(labels(last, 10 - last + 1));
        assert.equal(await dots.nth(groups - 1).getAttribute('aria-current'), 'true');
        await page.keyboard.press('ArrowRight');
        await expectGroup(labels(1, visible));
      });
    });
  }
});

describe('listings', () => {
  it('shows only its own type on each listing', async () => {
    const session = await openPage(suite.browser);
    try {
      const listings = {};
      for (const path of ['/blog', '/software', '/docs', '/courses'])
        listings[path] = await allTitles(session.page, path);
      const seen = new Map();
      for (const [path, { total, titles }] of Object.entries(listings)) {
        assert.equal(titles.length, total, `${path} lists every item once`);
        assert.equal(new Set(titles).size, total);
        for (const title of titles) {
          assert.equal(seen.get(title), undefined, `"${title}" shows on ${path} and ${seen.get(title)}`);
          seen.set(title, path);
        }
      }
      assert.ok(listings['/blog'].total >= 45);
      for (const path of ['/software', '/docs', '/courses']) assert.ok(listings[path].total >= 25, path);

      const softwareTitle = listings['/software'].titles[0];
      await session.page.goto(`${suite.stack.shellUrl}/blog?q=${encodeURIComponent(softwareTitle)}`);
      await session.page.getByRole('heading', { name: 'Không tìm thấy nội dung phù hợp' }).waitFor();
      await session.page.getByRole('link', { name: 'Phần mềm (1)' }).click();
      await eventually(async () => assert.deepEqual(await cardTitles(session.page), [softwareTitle]));
      assert.deepEqual(session.errors, []);
    } finally {
      await session.context.close();
    }
  });

  it('arrives from a top tag with the tag selected, every card carrying it; a tag of another type leads there', async () => {
    await withPage('/', { heading: 2 }, async (page) => {
      await page
        .getByRole('region', { name: 'Top tìm kiếm' })
        .getByRole('link', { name: 'React', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Tất cả bài viết' }).waitFor();
      assert.equal(params(page).get('tag'), 'React');
      assert.equal(await page.getByRole('button', { name: 'React', exact: true }).getAttribute('aria-pressed'), 'true');
      const tags = await cardTags(page);
      assert.ok(tags.length > 0);
      assert.equal(tags.length, await resultCount(page));
      for (const cardTagList of tags) assert.ok(cardTagList.includes('React'));

      await page.goto(`${suite.stack.shellUrl}/`);
      await page.getByRole('region', { name: 'Top tìm kiếm' }).getByRole('link', { name: 'VS Code' }).click();
      await page.getByRole('heading', { name: 'Không tìm thấy nội dung phù hợp' }).waitFor();
      await page.getByRole('link', { name: /^Phần mềm \(\d+\)$/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Tất cả phần mềm' }).waitFor();
      assert.equal(params(page).get('tag'), 'VS Code');
      for (const cardTagList of await cardTags(page)) assert.ok(cardTagList.includes('VS Code'));
    });
  });

  it('filters from the header search (?q=), ignoring diacritics', async () => {
    await withPage('/docs', {}, async (page) => {
      const header = page.getByRole('banner');
      await header.getByRole('searchbox').fill('kubernetes');
      await header.getByRole('searchbox').press('Enter');
      await eventually(async () => assert.equal(params(page).get('q'), 'kubernetes'));
      await eventually(async () =>
        assert.equal(await page.getByRole('searchbox', { name: 'Tìm trong danh sách' }).inputValue(), 'kubernetes'),
      );
      await eventually(async () => {
        const texts = await page.locator('main article').allTextContents();
        assert.ok(texts.length > 0);
        for (const text of texts) assert.match(text, /kubernetes/i);
      });

      await page.goto(`${suite.stack.shellUrl}/blog?q=${encodeURIComponent('lap trinh')}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByRole('searchbox', { name: 'Tìm trong danh sách' }).inputValue(), 'lap trinh');
      assert.ok((await cardTitles(page)).some((title) => title.toLowerCase().includes('lập trình')));
    });
  });

  it('sorts the cards by the chosen order', async () => {
    await withPage('/courses', {}, async (page) => {
      const latest = await cardTitles(page);
      const select = page.getByRole('combobox', { name: 'Sắp xếp' });
      assert.deepEqual(await select.locator('option').allTextContents(), [
        'Mới nhất',
        'Xem nhiều nhất',
        'Tải nhiều nhất',
      ]);

      await select.selectOption({ label: 'Xem nhiều nhất' });
      await eventually(async () => {
        assert.equal(params(page).get('sort'), 'views');
        const views = await cardNumbers(page, 'lượt xem');
        assert.deepEqual(
          views,
          [...views].sort((a, b) => b - a),
        );
      });
      assert.notDeepEqual(await cardTitles(page), latest);

      await select.selectOption({ label: 'Tải nhiều nhất' });
      await eventually(async () => {
        assert.equal(params(page).get('sort'), 'downloads');
        const downloads = await cardNumbers(page, 'lượt tải');
        assert.deepEqual(
          downloads,
          [...downloads].sort((a, b) => b - a),
        );
      });
    });
  });

  it('follows every pager input rule', async () => {
    await withPage('/blog', {}, async (page) => {
      const input = page.getByRole('textbox', { name: 'Nhập số trang' });
      const previous = page.getByRole('button', { name: 'Trang trước', exact: true });
      const next = page.getByRole('button', { name: 'Trang sau', exact: true });
      const onPage = (number) =>
        eventually(async () => {
          assert.equal(await input.inputValue(), String(number));
          assert.equal(params(page).get('page') ?? '1', String(number));
        });

      await eventually(async () => assert.equal(await previous.isDisabled(), true));
      await input.fill('');
      await input.pressSequentially('a2b');
      assert.equal(await input.inputValue(), '2', 'digits only');
      await input.press('Enter');
      await onPage(2);

      await input.fill('');
      await input.press('Enter');
      await onPage(2);

      await input.fill('99');
      await input.press('Enter');
      await onPage(3);
      await eventually(async () => assert.equal(await next.isDisabled(), true));

      await input.fill('0');
      await input.press('Enter');
      await onPage(1);
      await eventually(async () => assert.equal(await previous.isDisabled(), true));

      await input.fill('3');
      await input.blur();
      await eventually(async () => assert.equal(await input.inputValue(), '1', 'blur reverts'));
      await onPage(1);

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await next.click();
      await onPage(2);
      await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 0));

      await page.goto(`${suite.stack.shellUrl}/blog?page=abc`);
      await onPage(1);
      await page.goto(`${suite.stack.shellUrl}/blog?page=42`);
      await onPage(3);
    });
  });

  it('shows the go-to-top button only past 400px of scroll', async () => {
    await withPage('/blog', { width: 390 }, async (page) => {
      const button = page.getByRole('button', { name: 'Lên đầu trang' });
      await page.evaluate(() => window.scrollTo(0, 380));
      await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 380));
      assert.equal(await button.count(), 0);
      await page.evaluate(() => window.scrollTo(0, 900));
      await button.waitFor();
      await button.click();
      await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 0));
      await button.waitFor({ state: 'detached' });
    });
  });

  it('restores the filters on back and forward', async () => {
    await withPage('/courses', {}, async (page) => {
      const search = page.getByRole('searchbox', { name: 'Tìm trong danh sách' });
      const sort = page.getByRole('combobox', { name: 'Sắp xếp' });
      const tag = page.getByRole('button', { name: 'Python', exact: true });

      await tag.click();
      await eventually(async () => assert.equal(params(page).get('tag'), 'Python'));
      const tagged = await cardTitles(page);
      await sort.selectOption('downloads');
      await eventually(async () => assert.equal(params(page).get('sort'), 'downloads'));
      await search.fill('hoc');
      await eventually(async () => assert.equal(params(page).get('q'), 'hoc'));
      await search.blur();

      await page.goBack();
      await eventually(async () => assert.equal(await search.inputValue(), ''));
      assert.equal(await sort.inputValue(), 'downloads');
      await page.goBack();
      await eventually(async () => assert.equal(await sort.inputValue(), 'latest'));
      assert.equal(await tag.getAttribute('aria-pressed'), 'true');
      assert.deepEqual(await cardTitles(page), tagged);
      await page.goBack();
      await eventually(async () => assert.equal(await tag.getAttribute('aria-pressed'), 'false'));
      assert.equal(await page.locator('main article').count(), 20);

      await page.goForward();
      await page.goForward();
      await page.goForward();
      await eventually(async () => assert.equal(await search.inputValue(), 'hoc'));
      assert.equal(await sort.inputValue(), 'downloads');
      assert.equal(await tag.getAttribute('aria-pressed'), 'true');

      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await search.inputValue(), 'hoc');
      assert.equal(await sort.inputValue(), 'downloads');
    });
  });
});
