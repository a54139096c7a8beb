import type { ListingKind } from '../model/catalog-types';
import { SAMPLE_ARTICLES } from '../data/sample-articles';
import { toCatalogItems } from '../lib/to-catalog-items';
import type { CatalogItem } from '../model/catalog-types';

/** The catalogue the pages show, for tests that check what is on screen against it. */
export const SAMPLE_CATALOG: readonly CatalogItem[] = toCatalogItems(SAMPLE_ARTICLES);

export function sampleItemsOf(kind: ListingKind): CatalogItem[] {
  return SAMPLE_CATALOG.filter((item) => item.type === kind);
}

export function sampleTitlesOf(kind: ListingKind): Set<string> {
  return new Set(sampleItemsOf(kind).map(({ title }) => title));
}
