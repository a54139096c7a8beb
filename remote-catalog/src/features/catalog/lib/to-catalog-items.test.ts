import type { SampleArticle } from '../model/catalog-types';
import { toCatalogItem, toCatalogItems } from './to-catalog-items';

const article = (overrides: Partial<SampleArticle>): SampleArticle => ({
  id: '6f1c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  title: 'Tiêu đề',
  publishDate: '2024-05-06T07:08:09.000Z',
  author: 'Nguyễn Minh Khoa',
  excerpt: 'Tóm tắt',
  category: 'Frontend',
  tags: ['React'],
  featuredImageUrl: 'thumbnails/react.svg',
  views: 2000,
  downloads: 1000,
  isFeatured: false,
  ...overrides,
});

describe('toCatalogItem', () => {
  it('derives the catalogue fields of spec §3 from an article', () => {
    expect(toCatalogItem(article({}))).toEqual({
      id: '6f1c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      title: 'Tiêu đề',
      description: 'Tóm tắt',
      thumbnail: 'thumbnails/react.svg',
      tags: ['React'],
      views: 2000,
      downloads: 1000,
      type: 'blog',
      publishDate: new Date('2024-05-06T07:08:09.000Z'),
    });
  });

  it('turns publishDate into a date', () => {
    expect(toCatalogItem(article({}))?.publishDate).toBeInstanceOf(Date);
  });

  it('leaves out articles whose category maps to no type', () => {
    expect(toCatalogItem(article({ category: 'Career' }))).toBeNull();
    const items = toCatalogItems([
      article({ id: 'a', category: 'Docs' }),
      article({ id: 'b', category: 'Community' }),
      article({ id: 'c', category: 'Online Course' }),
    ]);
    expect(items.map(({ id, type }) => [id, type])).toEqual([
      ['a', 'docs'],
      ['c', 'course'],
    ]);
  });
});
