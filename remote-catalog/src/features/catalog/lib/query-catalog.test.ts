import { makeItem } from '../test/catalog-fixtures';
import { queryCatalog } from './query-catalog';

describe('queryCatalog', () => {
  const items = Array.from({ length: 45 }, (_, index) =>
    makeItem({
      id: `q${String(index).padStart(2, '0')}`,
      title: index % 3 === 0 ? `Lập trình ${index}` : `Thiết kế ${index}`,
      views: index,
      publishDate: new Date(Date.UTC(2024, 0, 1, index)),
    }),
  );

  it('filters, sorts and cuts the requested page', () => {
    const result = queryCatalog(items, { query: 'lap trinh', tags: [], sort: 'views', page: 1 }, 10);
    expect(result.total).toBe(15);
    expect(result.pageCount).toBe(2);
    expect(result.items.map(({ views }) => views)).toEqual([42, 39, 36, 33, 30, 27, 24, 21, 18, 15]);
  });

  it('clamps the page to the filtered result', () => {
    const result = queryCatalog(items, { query: 'lap trinh', tags: [], sort: 'latest', page: 9 }, 10);
    expect(result.page).toBe(2);
    expect(result.items.map(({ views }) => views)).toEqual([12, 9, 6, 3, 0]);
  });
});
