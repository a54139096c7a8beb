import type { ListingKind } from '../model/catalog-types';
import type { CatalogItem } from '../model/catalog-types';

let sequence = 0;

/** A catalogue item with sensible defaults; tests set only what they are about. */
export function makeItem(
  overrides: Partial<Omit<CatalogItem, 'publishDate'>> & { publishDate?: Date | string } = {},
): CatalogItem {
  sequence += 1;
  const { publishDate, ...rest } = overrides;
  return {
    id: `item-${String(sequence).padStart(4, '0')}`,
    title: `Bài ${sequence}`,
    description: 'Mô tả ngắn',
    thumbnail: 'thumbnail.svg',
    tags: [],
    views: 1000,
    downloads: 500,
    type: 'blog' as ListingKind,
    ...rest,
    publishDate: publishDate instanceof Date ? publishDate : new Date(publishDate ?? '2024-01-01T00:00:00Z'),
  };
}
