import { makeItem } from '../test/catalog-fixtures';
import { rankTags, topTags } from './rank-tags';

describe('rankTags', () => {
  it('ranks tags by how many items carry them', () => {
    const items = [
      makeItem({ tags: ['React', 'CSS'] }),
      makeItem({ tags: ['React', 'Node.js'] }),
      makeItem({ tags: ['React', 'Node.js'] }),
      makeItem({ tags: ['Go'] }),
    ];
    expect(rankTags(items)).toEqual([
      { tag: 'React', count: 3 },
      { tag: 'Node.js', count: 2 },
      { tag: 'CSS', count: 1 },
      { tag: 'Go', count: 1 },
    ]);
  });

  it('breaks ties alphabetically in Vietnamese order (Đ after D, Ư after U)', () => {
    const tags = ['Ứng dụng', 'Đám mây', 'Ubuntu', 'Dữ liệu', 'Elixir', 'Vue', 'Cơ sở dữ liệu', 'Bảo mật', 'An toàn'];
    const ranked = rankTags([makeItem({ tags })]).map(({ tag }) => tag);
    expect(ranked).toEqual([
      'An toàn',
      'Bảo mật',
      'Cơ sở dữ liệu',
      'Dữ liệu',
      'Đám mây',
      'Elixir',
      'Ubuntu',
      'Ứng dụng',
      'Vue',
    ]);
  });

  it('is deterministic whatever the order of the items', () => {
    const items = [
      makeItem({ tags: ['b', 'a', 'Đ'] }),
      makeItem({ tags: ['d', 'a'] }),
      makeItem({ tags: ['B', 'đ'] }),
      makeItem({ tags: ['c'] }),
    ];
    const expected = rankTags(items);
    expect(rankTags([...items].reverse())).toEqual(expected);
    expect(rankTags([items[2]!, items[0]!, items[3]!, items[1]!])).toEqual(expected);
    expect(expected[0]).toEqual({ tag: 'a', count: 2 });
  });

  it('counts a tag repeated on one item once', () => {
    expect(rankTags([makeItem({ tags: ['Git', 'Git'] }), makeItem({ tags: ['CSS'] })])).toEqual([
      { tag: 'CSS', count: 1 },
      { tag: 'Git', count: 1 },
    ]);
  });

  it('returns nothing for no items', () => {
    expect(rankTags([])).toEqual([]);
  });
});

describe('topTags', () => {
  it('keeps the first N of the ranking', () => {
    const items = Array.from({ length: 60 }, (_, index) =>
      makeItem({ tags: Array.from({ length: index + 1 }, (_, tag) => `tag-${String(tag).padStart(2, '0')}`) }),
    );
    const top = topTags(items, 45);
    expect(top).toHaveLength(45);
    expect(top[0]).toEqual({ tag: 'tag-00', count: 60 });
    expect(top[44]).toEqual({ tag: 'tag-44', count: 16 });
  });
});
