/** The four listings the catalogue serves, one per route in its table (`src/app/routes.ts`). */
export type ListingKind = 'blog' | 'software' | 'docs' | 'course';

/** A sample article as the source delivers it (spec §3). */
export interface SampleArticle {
  /** UUID-like identifier. */
  id: string;
  title: string;
  /** ISO timestamp. */
  publishDate: string;
  author: string;
  excerpt: string;
  category: string;
  tags: readonly string[];
  featuredImageUrl: string;
  views: number;
  downloads: number;
  isFeatured: boolean;
}

/** What the pages show: an article that maps to one of the four listings (spec §3). */
export interface CatalogItem {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  tags: readonly string[];
  views: number;
  downloads: number;
  type: ListingKind;
  publishDate: Date;
}

export type SortKey = 'latest' | 'views' | 'downloads';

export interface TagCount {
  tag: string;
  count: number;
}
