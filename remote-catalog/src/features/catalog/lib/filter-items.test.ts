import { makeItem } from '../test/catalog-fixtures';
import { filterItems, hasFilter } from './filter-items';

const titles = (items: readonly { title: string }[]) => items.map(({ title }) => title);

describe('filterItems', () => {
  const items = [
    makeItem({ title: 'Lập trình bất đồng bộ', description: 'Promise và async', tags: ['JavaScript'] }),
    makeItem({ title: 'Docker cơ bản', description: 'Đóng gói ứng dụng bằng container', tags: ['Docker', 'DevOps'] }),
    makeItem({ title: 'Kubernetes', description: 'Điều phối container', tags: ['DevOps', 'Người mới bắt đầu'] }),
    makeItem({ title: 'CSS Grid', description: 'Bố cục trang', tags: ['CSS'] }),
  ];

  it('finds "lập trình" from "lap trinh" (diacritics and case ignored)', () => {
    expect(titles(filterItems(items, { query: 'lap trinh', tags: [] }))).toEqual(['Lập trình bất đồng bộ']);
    expect(titles(filterItems(items, { query: 'LẬP TRÌNH', tags: [] }))).toEqual(['Lập trình bất đồng bộ']);
  });

  it('matches the excerpt and the tags as well as the title', () => {
    expect(titles(filterItems(items, { query: 'dong goi', tags: [] }))).toEqual(['Docker cơ bản']);
    expect(titles(filterItems(items, { query: 'nguoi moi', tags: [] }))).toEqual(['Kubernetes']);
    expect(titles(filterItems(items, { query: 'javascript', tags: [] }))).toEqual(['Lập trình bất đồng bộ']);
  });

  it('needs every word of the query, in any field and order', () => {
    expect(titles(filterItems(items, { query: 'container docker', tags: [] }))).toEqual(['Docker cơ bản']);
    expect(filterItems(items, { query: 'container css', tags: [] })).toEqual([]);
  });

  it('keeps items carrying every selected tag', () => {
    expect(titles(filterItems(items, { query: '', tags: ['DevOps'] }))).toEqual(['Docker cơ bản', 'Kubernetes']);
    expect(titles(filterItems(items, { query: '', tags: ['DevOps', 'Docker'] }))).toEqual(['Docker cơ bản']);
    expect(filterItems(items, { query: '', tags: ['DevOps', 'CSS'] })).toEqual([]);
  });

  it('combines the search with the tags', () => {
    expect(titles(filterItems(items, { query: 'dieu phoi', tags: ['DevOps'] }))).toEqual(['Kubernetes']);
    expect(filterItems(items, { query: 'dieu phoi', tags: ['Docker'] })).toEqual([]);
  });

  it('keeps the order it is given, and returns the list itself without a filter', () => {
    const reversed = [...items].reverse();
    expect(titles(filterItems(reversed, { query: '', tags: ['DevOps'] }))).toEqual(['Kubernetes', 'Docker cơ bản']);
    expect(filterItems(items, { query: '  ', tags: [] })).toBe(items);
  });
});

describe('hasFilter', () => {
  it('is true with a non-blank query or a tag', () => {
    expect(hasFilter({ query: ' ', tags: [] })).toBe(false);
    expect(hasFilter({ query: 'go', tags: [] })).toBe(true);
    expect(hasFilter({ query: '', tags: ['Go'] })).toBe(true);
  });
});
