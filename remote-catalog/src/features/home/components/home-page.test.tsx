import { act, fireEvent, screen, within } from '@testing-library/react';
import { loadHomeDigest } from '../hooks/use-home-digest';
import { rankTags } from '../../catalog/lib/rank-tags';
import { topByDownloads } from '../../catalog/lib/sort-items';
import { renderCatalogPage } from '../../catalog/test/render-catalog-page';
import { SAMPLE_CATALOG } from '../../catalog/test/sample-catalog';
import { hydrateServerMarkup } from '../../../../../test-support/hydrate';
import { HomePage } from './home-page';

const initialWidth = window.innerWidth;

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

async function renderHome(width = 1280) {
  window.innerWidth = width;
  return renderCatalogPage(<HomePage />, { path: '/' });
}

/** The slides on screen: hidden ones are aria-hidden, so role queries skip them. */
function visibleSlides() {
  return screen.getAllByRole('group', { name: /^\d+ \/ 10$/ }).map((slide) => slide.getAttribute('aria-label'));
}

function dots() {
  return within(screen.getByRole('group', { name: 'Chọn nhóm bài nổi bật' })).getAllByRole('button');
}

beforeAll(async () => {
  await loadHomeDigest();
  // jsdom has no PointerEvent, and a plain Event would drop the coordinates a swipe needs.
  if (!('PointerEvent' in window)) {
    Object.defineProperty(window, 'PointerEvent', { value: class extends MouseEvent {}, configurable: true });
  }
});

afterEach(() => {
  window.innerWidth = initialWidth;
});

describe('HomePage', () => {
  it('sets the page title to the product name', async () => {
    await renderHome();
    expect(document.title).toBe('DevHub');
  });

  it('tells the shell its content is on screen once the sections show', async () => {
    performance.clearMarks();
    await renderHome();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(performance.getEntriesByName('content-ready:catalog/HomePage')).toHaveLength(1);
  });

  describe("carousel 'Bài nổi bật'", () => {
    it('shows the top 10 items by downloads, in order', async () => {
      await renderHome();
      const expected = topByDownloads(SAMPLE_CATALOG, 10).map(({ title }) => title);
      // Off-screen slides are aria-hidden, and hidden elements have no accessible name to query by.
      const slides = screen
        .getAllByRole('group', { hidden: true })
        .filter((group) => group.getAttribute('aria-roledescription') === 'slide');
      expect(slides).toHaveLength(10);
      expect(slides.map((slide) => within(slide).getByRole('heading', { hidden: true }).textContent)).toEqual(expected);
    });

    it.each([
      [1280, 3, 4],
      [1024, 3, 4],
      [800, 2, 5],
      [640, 2, 5],
      [390, 1, 10],
    ])('at %ipx shows %i slides at a time, with %i dots', async (width, visible, groups) => {
      await renderHome(width);
      expect(visibleSlides()).toHaveLength(visible);
      expect(dots()).toHaveLength(groups);
    });

    it('follows the window when it is resized', async () => {
      await renderHome(1280);
      expect(visibleSlides()).toHaveLength(3);
      resizeTo(700);
      expect(visibleSlides()).toHaveLength(2);
      resizeTo(390);
      expect(visibleSlides()).toHaveLength(1);
    });

    it('moves by the visible count and wraps around at both ends (3 visible)', async () => {
      const { user } = await renderHome(1280);
      const next = screen.getByRole('button', { name: 'Trang trình chiếu sau' });
      const previous = screen.getByRole('button', { name: 'Trang trình chiếu trước' });
      expect(visibleSlides()).toEqual(['1 / 10', '2 / 10', '3 / 10']);
      await user.click(next);
      expect(visibleSlides()).toEqual(['4 / 10', '5 / 10', '6 / 10']);
      await user.click(next);
      await user.click(next);
      expect(visibleSlides()).toEqual(['10 / 10']);
      await user.click(next);
      expect(visibleSlides()).toEqual(['1 / 10', '2 / 10', '3 / 10']);
      await user.click(previous);
      expect(visibleSlides()).toEqual(['10 / 10']);
      await user.click(previous);
      expect(visibleSlides()).toEqual(['7 / 10', '8 / 10', '9 / 10']);
    });

    it('wraps around with 2 and with 1 visible', async () => {
      const { user } = await renderHome(800);
      const previous = screen.getByRole('button', { name: 'Trang trình chiếu trước' });
      const next = screen.getByRole('button', { name: 'Trang trình chiếu sau' });
      await user.click(previous);
      expect(visibleSlides()).toEqual(['9 / 10', '10 / 10']);
      await user.click(next);
      expect(visibleSlides()).toEqual(['1 / 10', '2 / 10']);
      resizeTo(390);
      await user.click(previous);
      expect(visibleSlides()).toEqual(['10 / 10']);
      await user.click(next);
      expect(visibleSlides()).toEqual(['1 / 10']);
    });

    it('jumps to a slide group with the dots and marks the current one', async () => {
      const { user } = await renderHome(1280);
      expect(dots()[0]).toHaveAttribute('aria-current', 'true');
      await user.click(screen.getByRole('button', { name: 'Chuyển đến nhóm 3' }));
      expect(visibleSlides()).toEqual(['7 / 10', '8 / 10', '9 / 10']);
      expect(dots()[2]).toHaveAttribute('aria-current', 'true');
      expect(dots()[0]).not.toHaveAttribute('aria-current');
      expect(screen.getByRole('status')).toHaveTextContent('Nhóm 3 / 4');
    });

    it('answers the arrow keys and keeps focus inside the group on screen', async () => {
      const { user } = await renderHome(1280);
      screen.getByRole('button', { name: 'Trang trình chiếu sau' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(visibleSlides()).toEqual(['4 / 10', '5 / 10', '6 / 10']);
      await user.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(visibleSlides()).toEqual(['10 / 10']);

      await user.keyboard('{ArrowRight}');
      const firstSlide = screen.getByRole('group', { name: '1 / 10' });
      within(firstSlide).getByRole('link', { name: 'Xem chi tiết' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(visibleSlides()).toEqual(['4 / 10', '5 / 10', '6 / 10']);
      expect(screen.getByRole('group', { name: '4 / 10' })).toContainElement(document.activeElement as HTMLElement);
    });

    it('changes group on a horizontal swipe, not on a tap or a vertical pan', async () => {
      await renderHome(390);
      const viewport = screen.getByRole('group', { name: '1 / 10' }).parentElement?.parentElement as HTMLElement;
      const swipe = (from: [number, number], to: [number, number]) => {
        fireEvent.pointerDown(viewport, { clientX: from[0], clientY: from[1] });
        fireEvent.pointerUp(viewport, { clientX: to[0], clientY: to[1] });
      };
      swipe([300, 100], [100, 110]);
      expect(visibleSlides()).toEqual(['2 / 10']);
      swipe([100, 100], [300, 90]);
      swipe([100, 100], [300, 90]);
      expect(visibleSlides()).toEqual(['10 / 10']);
      swipe([200, 100], [190, 100]);
      swipe([200, 100], [150, 300]);
      expect(visibleSlides()).toEqual(['10 / 10']);
    });

    it("gives each slide a 'Xem chi tiết' link to /", async () => {
      await renderHome();
      const links = screen.getAllByRole('link', { name: 'Xem chi tiết', hidden: true });
      expect(links).toHaveLength(10);
      for (const link of links) expect(link).toHaveAttribute('href', '/');
    });
  });

  describe("'Top tìm kiếm'", () => {
    it('links the 45 most frequent tags to /blog?tag=…, URL-encoded', async () => {
      await renderHome();
      const block = screen.getByRole('region', { name: 'Top tìm kiếm' });
      const links = within(block).getAllByRole('link');
      const expected = rankTags(SAMPLE_CATALOG)
        .slice(0, 45)
        .map(({ tag }) => tag);
      expect(links).toHaveLength(45);
      expect(links.map((link) => link.textContent)).toEqual(expected);
      links.forEach((link, index) => {
        expect(link).toHaveAttribute('href', `/blog?tag=${encodeURIComponent(expected[index]!)}`);
      });
      expect(within(block).getByRole('link', { name: 'CI/CD' })).toHaveAttribute('href', '/blog?tag=CI%2FCD');
    });
  });

  describe('sections', () => {
    it.each([
      ['Bài viết mới nhất', '/blog'],
      ['Phần mềm mới nhất', '/software'],
      ['Phần mềm tải nhiều nhất', '/software'],
      ['Tài liệu mới nhất', '/docs'],
      ['Tài liệu tải nhiều nhất', '/docs'],
      ['Khóa học mới nhất', '/courses'],
      ['Khóa học tải nhiều nhất', '/courses'],
    ])("'%s' shows 4 items and 'Xem tất cả' links to %s", async (title, href) => {
      await renderHome();
      const section = screen.getByRole('region', { name: title });
      expect(within(section).getAllByRole('article')).toHaveLength(4);
      expect(within(section).getByRole('link', { name: 'Xem tất cả' })).toHaveAttribute('href', href);
    });

    it('shows the sections in the spec order', async () => {
      await renderHome();
      const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(headings).toEqual([
        'Bài nổi bật',
        'Top tìm kiếm',
        'Bài viết mới nhất',
        'Phần mềm mới nhất',
        'Phần mềm tải nhiều nhất',
        'Tài liệu mới nhất',
        'Tài liệu tải nhiều nhất',
        'Khóa học mới nhất',
        'Khóa học tải nhiều nhất',
      ]);
    });

    it('formats download counts with Vietnamese separators', async () => {
      await renderHome();
      const section = screen.getByRole('region', { name: 'Khóa học tải nhiều nhất' });
      const counts = within(section).getAllByText(/lượt tải$/);
      expect(counts).toHaveLength(4);
      for (const count of counts) expect(count.textContent).toMatch(/^\d{1,3}(\.\d{3})* lượt tải$/);
    });
  });

  describe('rendered ahead of time', () => {
    it.each([390, 1280])(
      'hydrates at %ipx without a mismatch: the first group and its dots laid out by the stylesheet, then by the script',
      async (width) => {
        const page = await hydrateServerMarkup(<HomePage />, {
          beforeHydrate: () => {
            window.innerWidth = width;
          },
        });
        expect(page.errors).toEqual([]);
        // Before the viewport is known: no slide hidden, a dot for each slide (the first current),
        // the stylesheet deciding the widths and which dots show: 5 at 2 slides, 4 at 3.
        expect(page.serverHtml).not.toContain('data-visible');
        const server = document.createElement('div');
        server.innerHTML = page.serverHtml;
        const served = [...server.querySelectorAll('[aria-label="Chọn nhóm bài nổi bật"] button')];
        expect(served.map((dot) => dot.getAttribute('data-hidden-from'))).toEqual([
          ...[null, null, null, null, '3'],
          ...Array.from({ length: 5 }, () => '2'),
        ]);
        expect(served.map((dot) => dot.getAttribute('aria-current'))).toEqual(['true', ...Array(9).fill(null)]);
        // Then the script's: as many as the groups, none hidden by the stylesheet.
        expect(dots()).toHaveLength(width === 390 ? 10 : 4);
        expect(dots().filter((dot) => dot.hasAttribute('data-hidden-from'))).toEqual([]);
        page.unmount();
      },
    );

    it("asks for the first slide's picture first and leaves the others lazy", async () => {
      const page = await hydrateServerMarkup(<HomePage />);
      const pictures = [...page.container.querySelectorAll('img')];
      expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
      expect(pictures[0]).toHaveAttribute('loading', 'eager');
      expect(pictures.slice(1).every((picture) => picture.getAttribute('loading') === 'lazy')).toBe(true);
      page.unmount();
    });
  });
});
