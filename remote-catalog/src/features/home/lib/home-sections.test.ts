import type { ListingKind } from '@devhub/shared/types';
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
    const typeOf = { latestBlog: 'blog', latestSoftware: 'software', topSoftware: 'software' } as const;
    for (const section of sections) {
      expect(section.items).toHaveLength(4);
      const expected = typeOf[section.id as keyof typeof typeOf];
      if (expected) expect(section.items.every(({ type }) => type === expected)).toBe(true);
    }
  });

  it('lists the newest items in "mới nhất" sections', () => {
    const latestDocs = sections.find(({ id }) => id === 'latestDocs');
    expect(latestDocs?.items.map(({ id }) => id)).toEqual(['docs-5', 'docs-4', 'docs-3', 'docs-2']);
  });

  it('lists the most downloaded items in "tải nhiều nhất" sections', () => {
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
