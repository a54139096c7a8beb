import { act, screen, waitFor, within } from '@testing-library/react';
import type { ListingKind } from '../../catalog/model/catalog-types';
import { loadCatalog } from '../../catalog/hooks/use-catalog';
import { filterItems } from '../../catalog/lib/filter-items';
import { renderCatalogPage } from '../../catalog/test/render-catalog-page';
import { SAMPLE_CATALOG, sampleItemsOf, sampleTitlesOf } from '../../catalog/test/sample-catalog';
import { LISTING_PATHS } from '../lib/listing-params';
import { ListingPage } from './listing-page';

beforeAll(() => loadCatalog());

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderListing(kind: ListingKind, search = '') {
  return renderCatalogPage(<ListingPage kind={kind} />, {
    route: `${LISTING_PATHS[kind]}${search}`,
    path: LISTING_PATHS[kind],
  });
}

function cards() {
  return screen.queryAllByRole('article');
}

function cardTitles() {
  return cards().map((card) => within(card).getByRole('link').textContent ?? '');
}

function cardTags(card: HTMLElement) {
  return within(within(card).getByRole('list', { name: 'Thẻ' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

function cardCount(card: HTMLElement, unit: 'lượt xem' | 'lượt tải') {
  const text = within(card).getByText(new RegExp(`${unit}$`)).textContent ?? '';
  return Number(text.replace(unit, '').replace(/\./g, '').trim());
}

function searchParams(router: { state: { location: { search: string } } }) {
  return new URLSearchParams(router.state.location.search);
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Tìm trong danh sách' });
const pageInput = () => screen.getByRole('textbox', { name: 'Nhập số trang' });

describe('ListingPage', () => {
  describe.each([
    ['blog', 'Tất cả bài viết', 'DevHub - Bài viết', []],
    ['software', 'Tất cả phần mềm', 'DevHub - Phần mềm', ['Mới nhất', 'Tải nhiều nhất']],
    ['docs', 'Tất cả tài liệu', 'DevHub - Tài liệu', ['Xem nhiều nhất', 'Tải nhiều nhất']],
    ['course', 'Tất cả khóa học', 'DevHub - Khóa học', ['Mới nhất', 'Xem nhiều nhất', 'Tải nhiều nhất']],
  ] as const)('%s', (kind, heading, title, sortOptions) => {
    it(`is headed '${heading}' and titled '${title}'`, async () => {
      await renderListing(kind);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
      expect(document.title).toBe(title);
    });

    it('offers the sort options of the spec table', async () => {
      await renderListing(kind);
      const select = screen.queryByRole('combobox', { name: 'Sắp xếp' });
      if (sortOptions.length === 0) {
        expect(select).not.toBeInTheDocument();
        return;
      }
      expect(
        within(select as HTMLElement)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(sortOptions);
    });

    it('shows only items of its own type, 20 per page', async () => {
      await renderListing(kind);
      const own = sampleTitlesOf(kind);
      expect(screen.getByText(`${own.size} kết quả`)).toBeInTheDocument();
      expect(cards()).toHaveLength(Math.min(20, own.size));
      for (const title of cardTitles()) expect(own.has(title)).toBe(true);
    });
  });

  it('renders a card with a thumbnail of fixed size, a title linking to /, tags and counts', async () => {
    await renderListing('blog');
    const [card, second] = cards();
    const image = (card as HTMLElement).querySelector('img');
    // The first card's picture is the page's largest paint: fetched first; the others when scrolled to.
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect((second as HTMLElement).querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '360');
    expect(within(card as HTMLElement).getByRole('link')).toHaveAttribute('href', '/');
    expect(cardTags(card as HTMLElement).length).toBeGreaterThan(0);
    expect(within(card as HTMLElement).getByText(/^\d{1,3}(\.\d{3})* lượt tải$/)).toBeInTheDocument();
  });

  describe('search', () => {
    it('filters on ?q= ignoring case and diacritics ("lap trinh" finds "lập trình")', async () => {
      await renderListing('blog', '?q=lap+trinh');
      const expected = filterItems(sampleItemsOf('blog'), { query: 'lap trinh', tags: [] });
      expect(expected.length).toBeGreaterThan(0);
      expect(screen.getByText(`${expected.length} kết quả`)).toBeInTheDocument();
      const texts = cards().map((card) => (card.textContent ?? '').toLowerCase());
      expect(texts.some((text) => text.includes('lập trình'))).toBe(true);
      for (const text of texts) expect(text).toMatch(/lập.*trình|trình.*lập/s);
      expect(searchBox()).toHaveValue('lap trinh');
    });

    it('searches the excerpt and the tags too, not only the title', async () => {
      await renderListing('docs', '?q=nguoi+moi');
      const has = (text: string) => text.toLowerCase().includes('người mới');
      const matching = sampleItemsOf('docs').filter(
        (item) => has(item.title) || has(item.description) || item.tags.some(has),
      );
      const byExcerptOnly = matching.filter((item) => !has(item.title) && has(item.description));
      const byTagOnly = matching.filter((item) => !has(item.title) && !has(item.description));
      expect([byExcerptOnly.length, byTagOnly.length]).toEqual([1, 2]);

      expect(screen.getByText(`${matching.length} kết quả`)).toBeInTheDocument();
      expect(new Set(cardTitles())).toEqual(new Set(matching.map(({ title }) => title)));
    });

    it('filters as you type, writes q into the URL and returns to page 1', async () => {
      const { user, router } = await renderListing('blog', '?page=2');
      await user.type(searchBox(), 'React');
      await waitFor(() => expect(searchParams(router).get('q')).toBe('React'));
      expect(searchParams(router).has('page')).toBe(false);
      const expected = filterItems(sampleItemsOf('blog'), { query: 'React', tags: [] });
      expect(screen.getByText(`${expected.length} kết quả`)).toBeInTheDocument();
      expect(searchBox()).toHaveValue('React');
    });

    it('follows the URL when the query changes elsewhere (header search, back)', async () => {
      const { user, router } = await renderListing('blog');
      await user.type(searchBox(), 'css');
      await waitFor(() => expect(searchParams(router).get('q')).toBe('css'));
      await act(() => router.navigate('/blog?q=docker'));
      expect(searchBox()).toHaveValue('docker');
      await act(() => router.navigate(-1));
      expect(searchBox()).toHaveValue('css');
      await act(() => router.navigate(-1));
      expect(searchBox()).toHaveValue('');
      expect(screen.getByText(`${sampleTitlesOf('blog').size} kết quả`)).toBeInTheDocument();
    });
  });

  describe('tags', () => {
    it('arrives with ?tag= selected, and every card carries it', async () => {
      await renderListing('blog', '?tag=React');
      expect(screen.getByRole('button', { name: 'React' })).toHaveAttribute('aria-pressed', 'true');
      const expected = sampleItemsOf('blog').filter((item) => item.tags.includes('React'));
      expect(screen.getByText(`${expected.length} kết quả`)).toBeInTheDocument();
      expect(cards()).toHaveLength(expected.length);
      for (const card of cards()) expect(cardTags(card)).toContain('React');
    });

    it('keeps items carrying every selected tag, and deselects on a second click', async () => {
      const { user, router } = await renderListing('blog', '?tag=React');
      await user.click(screen.getByRole('button', { name: 'JavaScript' }));
      await waitFor(() => expect(searchParams(router).getAll('tag')).toEqual(['React', 'JavaScript']));
      expect(screen.getByRole('button', { name: 'JavaScript' })).toHaveAttribute('aria-pressed', 'true');
      for (const card of cards()) expect(cardTags(card)).toEqual(expect.arrayContaining(['React', 'JavaScript']));
      const both = sampleItemsOf('blog').filter(
        (item) => item.tags.includes('React') && item.tags.includes('JavaScript'),
      );
      expect(cards()).toHaveLength(both.length);

      await user.click(screen.getByRole('button', { name: 'React' }));
      await waitFor(() => expect(searchParams(router).getAll('tag')).toEqual(['JavaScript']));
      expect(screen.getByRole('button', { name: 'React' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('returns to page 1 when a tag changes', async () => {
      const { user, router } = await renderListing('blog', '?page=2');
      await user.click(screen.getByRole('button', { name: 'Hiệu năng' }));
      await waitFor(() => expect(searchParams(router).get('tag')).toBe('Hiệu năng'));
      expect(searchParams(router).has('page')).toBe(false);
    });

    it("lists the listing's own tags, most frequent first", async () => {
      await renderListing('docs');
      const panel = screen.getByRole('region', { name: 'Thẻ' });
      const tags = within(panel)
        .getAllByRole('button', { pressed: false })
        .map((button) => button.textContent);
      expect(tags[0]).toBe('Tài liệu kỹ thuật');
      expect(tags).not.toContain('VS Code');
    });
  });

  describe('sort', () => {
    it.each([
      ['Xem nhiều nhất', 'views', 'lượt xem'],
      ['Tải nhiều nhất', 'downloads', 'lượt tải'],
    ] as const)("'%s' orders by %s, descending", async (label, sort, unit) => {
      const { user, router } = await renderListing('course', '?page=2');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sắp xếp' }), label);
      await waitFor(() => expect(searchParams(router).get('sort')).toBe(sort));
      expect(searchParams(router).has('page')).toBe(false);
      const counts = cards().map((card) => cardCount(card, unit));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it("'Mới nhất' orders by publish date, newest first", async () => {
      const { user, router } = await renderListing('software', '?sort=downloads');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sắp xếp' }), 'Mới nhất');
      await waitFor(() => expect(searchParams(router).has('sort')).toBe(false));

      const dates = cards().map((card) => card.querySelector('time')?.getAttribute('dateTime'));
      expect(dates).toHaveLength(20);
      for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(dates).toEqual([...dates].sort().reverse());
      const newest = Math.max(...sampleItemsOf('software').map(({ publishDate }) => publishDate.getTime()));
      expect(dates[0]).toBe(new Date(newest).toISOString());
    });

    it('ignores a sort the listing does not offer', async () => {
      const { router } = await renderListing('docs', '?sort=latest');
      expect(screen.getByRole('combobox', { name: 'Sắp xếp' })).toHaveValue('views');
      await waitFor(() => expect(searchParams(router).has('sort')).toBe(false));
    });
  });

  describe('pager', () => {
    it('moves between pages, keeps the page in the URL and scrolls smoothly to the top', async () => {
      const scroll = jest.spyOn(window, 'scrollTo');
      const { user, router } = await renderListing('blog');
      const firstPage = cardTitles();
      expect(screen.getByRole('button', { name: 'Trang trước' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Trang sau' }));
      await waitFor(() => expect(searchParams(router).get('page')).toBe('2'));
      expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
      expect(pageInput()).toHaveValue('2');
      expect(cardTitles()).not.toEqual(firstPage);
      // Focus goes up with the view.
      expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    });

    it('keeps focus off <body> when the button used becomes disabled', async () => {
      const { user, router } = await renderListing('blog', '?page=2');
      await user.click(screen.getByRole('button', { name: 'Trang trước' }));
      await waitFor(() => expect(searchParams(router).has('page')).toBe(false));
      expect(screen.getByRole('button', { name: 'Trang trước' })).toBeDisabled();
      expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    });

    it('goes to a typed page and clamps it to the last page', async () => {
      const { user, router } = await renderListing('blog');
      await user.clear(pageInput());
      await user.type(pageInput(), '9{Enter}');
      await waitFor(() => expect(searchParams(router).get('page')).toBe('3'));
      expect(pageInput()).toHaveValue('3');
      expect(screen.getByRole('button', { name: 'Trang sau' })).toBeDisabled();
      expect(cards()).toHaveLength(sampleTitlesOf('blog').size - 40);
    });

    it('clamps an out-of-range ?page= to the last page', async () => {
      const { router } = await renderListing('blog', '?page=42');
      expect(pageInput()).toHaveValue('3');
      await waitFor(() => expect(searchParams(router).get('page')).toBe('3'));
    });

    it.each(['abc', '-2', '0', '1.5', ''])('reads ?page=%s as page 1', async (raw) => {
      const { router } = await renderListing('blog', `?page=${raw}`);
      expect(pageInput()).toHaveValue('1');
      await waitFor(() => expect(searchParams(router).has('page')).toBe(false));
    });

    it('does not navigate when Enter leaves the page unchanged', async () => {
      const { user, router } = await renderListing('blog', '?page=2');
      const before = router.state.location.key;
      await user.clear(pageInput());
      await user.type(pageInput(), '{Enter}');
      expect(pageInput()).toHaveValue('2');
      await user.type(pageInput(), '{Backspace}2{Enter}');
      expect(router.state.location.key).toBe(before);
    });
  });

  describe('empty result', () => {
    it('explains, and clears the filters with a button', async () => {
      const { user, router } = await renderListing('blog', '?q=khongcogi&tag=React');
      expect(screen.getByRole('heading', { name: 'Không tìm thấy nội dung phù hợp' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Phân trang' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Xóa bộ lọc' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(searchBox()).toHaveValue('');
      expect(cards()).toHaveLength(20);
    });

    it('links to the listings where the same tags match, with their counts', async () => {
      await renderListing('blog', '?tag=VS+Code');
      const count = filterItems(sampleItemsOf('software'), { query: '', tags: ['VS Code'] }).length;
      expect(count).toBeGreaterThan(0);
      expect(screen.getByRole('link', { name: `Phần mềm (${count})` })).toHaveAttribute(
        'href',
        '/software?tag=VS+Code',
      );
      expect(screen.queryByRole('link', { name: /^Tài liệu/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'VS Code' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('links to the listings where the same search matches', async () => {
      await renderListing('software', '?q=kubernetes');
      const links = ['docs', 'course', 'blog']
        .map((kind) => [
          kind,
          filterItems(sampleItemsOf(kind as ListingKind), { query: 'kubernetes', tags: [] }).length,
        ])
        .filter(([, count]) => Number(count) > 0);
      expect(links.length).toBeGreaterThan(0);
      expect(screen.getByRole('link', { name: /^Tài liệu \(\d+\)$/ })).toHaveAttribute('href', '/docs?q=kubernetes');
    });
  });

  it('restores its state from the URL on back and forward', async () => {
    const { user, router } = await renderListing('course');
    await user.click(screen.getByRole('button', { name: 'Dự án thực tế' }));
    await waitFor(() => expect(searchParams(router).get('tag')).toBe('Dự án thực tế'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sắp xếp' }), 'Tải nhiều nhất');
    await waitFor(() => expect(searchParams(router).get('sort')).toBe('downloads'));
    const filtered = cardTitles();

    await act(() => router.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Sắp xếp' })).toHaveValue('latest');
    expect(screen.getByRole('button', { name: 'Dự án thực tế' })).toHaveAttribute('aria-pressed', 'true');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('button', { name: 'Dự án thực tế' })).toHaveAttribute('aria-pressed', 'false');
    expect(cards()).toHaveLength(20);
    await act(() => router.navigate(2));
    expect(screen.getByRole('combobox', { name: 'Sắp xếp' })).toHaveValue('downloads');
    expect(cardTitles()).toEqual(filtered);
  });

  it('keeps the whole catalogue within reach: every item shows in exactly one listing', async () => {
    const shown: string[] = [];
    for (const kind of ['blog', 'software', 'docs', 'course'] as const) {
      const { router, unmount } = await renderListing(kind);
      const pages = Number(/\/ (\d+)$/.exec(screen.getByText(/^Trang \d+ \/ \d+$/).textContent ?? '')?.[1]);
      for (let page = 1; page <= pages; page += 1) {
        if (page > 1) await act(() => router.navigate(`${LISTING_PATHS[kind]}?page=${page}`));
        shown.push(...cardTitles());
      }
      unmount();
    }
    expect(shown.sort()).toEqual(SAMPLE_CATALOG.map(({ title }) => title).sort());
  });
});
