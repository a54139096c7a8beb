import { use } from 'react';
import { settled } from '../../../lib/settled';
import { fetchArticles } from '../data/catalog-source';
import { toCatalogItems } from '../lib/to-catalog-items';
import type { CatalogItem } from '../model/catalog-types';

let pending: Promise<readonly CatalogItem[]> | null = null;

/** Loads and derives the catalogue once per page load; a failed load is forgotten so a retry asks again. */
export function loadCatalog(): Promise<readonly CatalogItem[]> {
  pending ??= settled(
    fetchArticles().then(toCatalogItems, (error: unknown) => {
      pending = null;
      throw error;
    }),
  );
  return pending;
}

/**
 * Every catalogue item. Suspends until the source has answered the first time; React remembers
 * the settled promise, so every later page renders at once.
 */
export function useCatalog(): readonly CatalogItem[] {
  // Always through `use`, never around it: React replays a suspended component and expects the
  // same call at the same place.
  return use(loadCatalog());
}
