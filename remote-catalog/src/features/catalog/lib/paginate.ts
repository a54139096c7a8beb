export interface PageSlice<T> {
  items: T[];
  /** The page shown: the requested one clamped to the pages that exist. */
  page: number;
  pageCount: number;
  total: number;
}

/** At least one page, so an empty result still has a page 1 to be on. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const pageCount = pageCountOf(items.length, pageSize);
  const shown = clampPage(page, pageCount);
  const start = (shown - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: shown, pageCount, total: items.length };
}
