import type { CatalogItem, SortKey } from '../model/catalog-types';
import { filterItems } from './filter-items';
import { paginate, type PageSlice } from './paginate';
import { sortedItems } from './sort-items';

export interface CatalogQuery {
  query: string;
  tags: readonly string[];
  sort: SortKey;
  page: number;
}

/**
 * One listing page: filter, sort and page. The list is sorted once per order and filtered in
 * that order, so a keystroke or a tag costs one pass over the list.
 */
export function queryCatalog(
  items: readonly CatalogItem[],
  { query, tags, sort, page }: CatalogQuery,
  pageSize: number,
): PageSlice<CatalogItem> {
  return paginate(filterItems(sortedItems(items, sort), { query, tags }), page, pageSize);
}
