import { HOME_SECTION_SIZE } from '@devhub/shared/constants';
import type { ListingKind } from '../../catalog/model/catalog-types';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { latestItems, topByDownloads } from '../../catalog/lib/sort-items';
import type { CatalogItem } from '../../catalog/model/catalog-types';
import { LISTING_PATHS } from '../../listing/lib/listing-params';

export interface HomeSection {
  id: keyof typeof CATALOG_TEXT.sections;
  title: string;
  /** Where 'Xem tất cả' goes. */
  href: string;
  items: CatalogItem[];
}

type Order = 'latest' | 'downloads';

const SECTIONS: ReadonlyArray<{ id: HomeSection['id']; kind: ListingKind; order: Order }> = [
  { id: 'latestBlog', kind: 'blog', order: 'latest' },
  { id: 'latestSoftware', kind: 'software', order: 'latest' },
  { id: 'topSoftware', kind: 'software', order: 'downloads' },
  { id: 'latestDocs', kind: 'docs', order: 'latest' },
  { id: 'topDocs', kind: 'docs', order: 'downloads' },
  { id: 'latestCourses', kind: 'course', order: 'latest' },
  { id: 'topCourses', kind: 'course', order: 'downloads' },
];

/** The home page's seven sections (spec §2), each with its 4 items. */
export function homeSections(items: readonly CatalogItem[], size: number = HOME_SECTION_SIZE): HomeSection[] {
  return SECTIONS.map(({ id, kind, order }) => {
    const ofKind = items.filter((item) => item.type === kind);
    return {
      id,
      title: CATALOG_TEXT.sections[id],
      href: LISTING_PATHS[kind],
      items: order === 'latest' ? latestItems(ofKind, size) : topByDownloads(ofKind, size),
    };
  });
}

/** 'Top tìm kiếm' links: the articles listing filtered by one tag, the tag URL-encoded. */
export function tagSearchHref(tag: string): string {
  return `${LISTING_PATHS.blog}?tag=${encodeURIComponent(tag)}`;
}
