import type { CatalogItem, TagCount } from '../model/catalog-types';
import { compareVietnamese } from './vietnamese-collator';

/**
 * Every distinct tag with the number of items carrying it, most frequent first; equal counts
 * in Vietnamese alphabetical order. A tag repeated on one item counts once for that item.
 */
export function rankTags(items: readonly Pick<CatalogItem, 'tags'>[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const { tags } of items) {
    const seen = tags.length > 1 ? new Set(tags) : tags;
    for (const tag of seen) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const ranked: TagCount[] = [];
  for (const [tag, count] of counts) ranked.push({ tag, count });
  return ranked.sort((a, b) => b.count - a.count || compareVietnamese(a.tag, b.tag));
}

export function topTags(items: readonly Pick<CatalogItem, 'tags'>[], count: number): TagCount[] {
  return rankTags(items).slice(0, count);
}
