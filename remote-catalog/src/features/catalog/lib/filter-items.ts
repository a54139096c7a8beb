import type { CatalogItem } from '../model/catalog-types';
import { matchesTerms, searchableTexts, searchTerms } from './search-text';

export interface CatalogFilter {
  query: string;
  /** An item must carry every one of them. */
  tags: readonly string[];
}

export function hasFilter({ query, tags }: CatalogFilter): boolean {
  return query.trim() !== '' || tags.length > 0;
}

// Indexed loops: this runs once per item on every keystroke, where iterators cost measurably more.
function carriesAll(item: CatalogItem, tags: readonly string[]): boolean {
  for (let index = 0; index < tags.length; index += 1) {
    if (!item.tags.includes(tags[index] as string)) return false;
  }
  return true;
}

/**
 * The items matching the search (title, excerpt, tags; case and diacritics ignored) and carrying
 * every tag, in the order given; without a filter, the list itself.
 */
export function filterItems(items: readonly CatalogItem[], { query, tags }: CatalogFilter): readonly CatalogItem[] {
  const terms = searchTerms(query);
  if (terms.length === 0 && tags.length === 0) return items;
  const texts = terms.length > 0 ? searchableTexts(items) : null;
  const matches: CatalogItem[] = [];
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as CatalogItem;
    if (!carriesAll(item, tags)) continue;
    if (texts && !matchesTerms(texts[index] as string, terms)) continue;
    matches.push(item);
  }
  return matches;
}
