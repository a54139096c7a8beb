import type { ListingKind } from '../../catalog/model/catalog-types';
import { makeItem } from '../../catalog/test/catalog-fixtures';
import { homeSections, tagSearchHref } from './home-sections';

describe('homeSections', () => {
  const kinds: ListingKind[] = ['blog', 'software', 'docs', 'course'];
  const items = kinds.flatMap((type, kindIndex) =>
    Array.from({ length: 6 }, (_, index) =>
      makeItem({
        id: `${type}-${index}`,
        type,
        downloads: 100 * ((index * 5) % 6) + kindIndex,
        publishDate: new Date(Date.UTC(2024, kindIndex, index + 1)),
      }),
    ),
  );
  const sections = homeSections(items);

  it('has the seven sections of the spec, in order, with their titles and links', () => {
    expect(sections.map(({ title, href }) => [title, href])).toEqual([
      ['Bài viết mới nhất', '/blog'],
      ['Phần mềm mới nhất', '/software'],
      ['Phần mềm tải nhiều nhất', '/software'],
      ['Tài liệu mới nhất', '/docs'],
      ['Tài liệu tải nhiều nhất', '/docs'],
      ['Khóa học mới nhất', '/courses'],
      ['Khóa học tải nhiều nhất', '/courses'],
    ]);
  });

  it('puts 4 items of the section type in each', () => {
    expect(sections.map(({ title, items: shown }) => [title, shown.map(({ type }) => type)])).toEqual([
      ['Bài viết mới nhất', ['blog', 'blog', 'blog', 'blog']],
      ['Phần mềm mới nhất', ['software', 'software', 'software', 'software']],
      ['Phần mềm tải nhiều nhất', ['software', 'software', 'software', 'software']],
      ['Tài liệu mới nhất', ['docs', 'docs', 'docs', 'docs']],
      ['Tài liệu tải nhiều nhất', ['docs', 'docs', 'docs', 'docs']],
      ['Khóa học mới nhất', ['course', 'course', 'course', 'course']],
      ['Khóa học tải nhiều nhất', ['course', 'course', 'course', 'course']],
    ]);
  });

  // In the fixture, item n of a type is published on day n + 1 and its downloads rank 0, 5, 4, 3, 2, 1 (×100).
  it('lists the newest items, newest first, in every "mới nhất" section', () => {
    const latest = sections.filter(({ title }) => title.endsWith('mới nhất'));
    expect(latest).toHaveLength(4);
    for (const section of latest) {
      const type = section.items[0]?.type;
      expect(section.items.map(({ id }) => id)).toEqual([`${type}-5`, `${type}-4`, `${type}-3`, `${type}-2`]);
    }
  });

  it('lists the most downloaded items, most first, in every "tải nhiều nhất" section', () => {
    const top = sections.filter(({ title }) => title.endsWith('tải nhiều nhất'));
    expect(top).toHaveLength(3);
    for (const section of top) {
      const type = section.items[0]?.type;
      expect(section.items.map(({ id }) => id)).toEqual([`${type}-1`, `${type}-2`, `${type}-3`, `${type}-4`]);
    }
    const topCourses = sections.find(({ id }) => id === 'topCourses');
    expect(topCourses?.items.map(({ downloads }) => downloads)).toEqual([503, 403, 303, 203]);
  });
});

describe('tagSearchHref', () => {
  it('links to the articles filtered by the tag, URL-encoded', () => {
    expect(tagSearchHref('React')).toBe('/blog?tag=React');
    expect(tagSearchHref('C#')).toBe('/blog?tag=C%23');
    expect(tagSearchHref('CI/CD')).toBe('/blog?tag=CI%2FCD');
    expect(tagSearchHref('Người mới bắt đầu')).toBe(
      '/blog?tag=Ng%C6%B0%E1%BB%9Di%20m%E1%BB%9Bi%20b%E1%BA%AFt%20%C4%91%E1%BA%A7u',
    );
    expect(new URLSearchParams(tagSearchHref('a&b=c').split('?')[1]).get('tag')).toBe('a&b=c');
  });
});
