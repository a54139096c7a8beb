import type { CatalogItem, SortKey } from '../model/catalog-types';

interface Keyed {
  item: CatalogItem;
  time: number;
}

/** Newest first; equal dates by id, so the order never depends on the input's order. */
function sortByLatest(items: readonly CatalogItem[]): CatalogItem[] {
  // Reading each date once, rather than twice per comparison, halves the cost on large lists.
  const keyed: Keyed[] = items.map((item) => ({ item, time: item.publishDate.getTime() }));
  keyed.sort((a, b) => b.time - a.time || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0));
  return keyed.map(({ item }) => item);
}

/**
 * A sorted copy: Mới nhất = publishDate desc, Xem nhiều nhất = views desc, Tải nhiều nhất =
 * downloads desc. Counts are sorted stably from the newest-first order, so equal counts list the
 * newest first, then by id.
 */
export function sortItems(items: readonly CatalogItem[], sort: SortKey): CatalogItem[] {
  const latest = sortByLatest(items);
  if (sort === 'views') return latest.sort((a, b) => b.views - a.views);
  if (sort === 'downloads') return latest.sort((a, b) => b.downloads - a.downloads);
  return latest;
}

const sortedCache = new WeakMap<readonly CatalogItem[], Partial<Record<SortKey, readonly CatalogItem[]>>>();

/**
 * `sortItems`, remembered per list and sort: a list is sorted once per order, and filtering the
 * sorted list (which keeps its order) is all a new search or tag costs.
 */
export function sortedItems(items: readonly CatalogItem[], sort: SortKey): readonly CatalogItem[] {
  let byKey = sortedCache.get(items);
  if (!byKey) {
    byKey = {};
    sortedCache.set(items, byKey);
  }
  return (byKey[sort] ??= sortItems(items, sort));
}

export function topByDownloads(items: readonly CatalogItem[], count: number): CatalogItem[] {
  return sortedItems(items, 'downloads').slice(0, count);
}

export function latestItems(items: readonly CatalogItem[], count: number): CatalogItem[] {
  return sortedItems(items, 'latest').slice(0, count);
}
