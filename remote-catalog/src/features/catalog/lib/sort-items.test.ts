import { makeItem } from '../test/catalog-fixtures';
import { latestItems, sortedItems, sortItems, topByDownloads } from './sort-items';

const ids = (items: readonly { id: string }[]) => items.map(({ id }) => id);

describe('sortItems', () => {
  const items = [
    makeItem({ id: 'old-popular', publishDate: '2023-01-01', views: 5000, downloads: 100 }),
    makeItem({ id: 'new', publishDate: '2025-03-01', views: 900, downloads: 2000 }),
    makeItem({ id: 'mid', publishDate: '2024-06-01', views: 3000, downloads: 2000 }),
  ];

  it('Mới nhất: newest publishDate first', () => {
    expect(ids(sortItems(items, 'latest'))).toEqual(['new', 'mid', 'old-popular']);
  });

  it('Xem nhiều nhất: most views first', () => {
    expect(ids(sortItems(items, 'views'))).toEqual(['old-popular', 'mid', 'new']);
  });

  it('Tải nhiều nhất: most downloads first, equal counts newest first', () => {
    expect(ids(sortItems(items, 'downloads'))).toEqual(['new', 'mid', 'old-popular']);
  });

  it('breaks full ties by id, whatever the input order', () => {
    const twins = [
      makeItem({ id: 'b', publishDate: '2024-01-01', downloads: 10 }),
      makeItem({ id: 'a', publishDate: '2024-01-01', downloads: 10 }),
    ];
    expect(ids(sortItems(twins, 'downloads'))).toEqual(['a', 'b']);
    expect(ids(sortItems([...twins].reverse(), 'latest'))).toEqual(['a', 'b']);
  });

  it('returns a copy and leaves the input alone', () => {
    const before = ids(items);
    sortItems(items, 'views');
    expect(ids(items)).toEqual(before);
  });
});

describe('sortedItems', () => {
  it('sorts a list once per order and hands back the same result', () => {
    const items = [makeItem({ views: 1 }), makeItem({ views: 2 })];
    const first = sortedItems(items, 'views');
    expect(sortedItems(items, 'views')).toBe(first);
    expect(ids(first)).toEqual(ids(sortItems(items, 'views')));
    expect(sortedItems([...items], 'views')).not.toBe(first);
  });
});

describe('home selections', () => {
  const items = Array.from({ length: 15 }, (_, index) =>
    makeItem({
      id: `i${String(index).padStart(2, '0')}`,
      downloads: (index * 7) % 15,
      publishDate: new Date(Date.UTC(2024, 0, 1 + ((index * 4) % 15))),
    }),
  );

  it('top 10 by downloads', () => {
    const top = topByDownloads(items, 10);
    expect(top).toHaveLength(10);
    expect(top.map(({ downloads }) => downloads)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
  });

  it('latest by publishDate', () => {
    const latest = latestItems(items, 4);
    const days = latest.map(({ publishDate }) => publishDate.getUTCDate());
    expect(days).toEqual([15, 14, 13, 12]);
  });

  it('returns all when there are fewer than asked for', () => {
    expect(topByDownloads(items.slice(0, 3), 10)).toHaveLength(3);
  });
});
