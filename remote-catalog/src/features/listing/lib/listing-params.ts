import type { ListingKind } from '../../catalog/model/catalog-types';
import type { SortKey } from '../../catalog/model/catalog-types';

/** The sort selector's options per listing, first one the default (spec §2 table; blog has no selector). */
export const SORT_OPTIONS: Readonly<Record<ListingKind, readonly SortKey[]>> = {
  blog: [],
  software: ['latest', 'downloads'],
  docs: ['views', 'downloads'],
  course: ['latest', 'views', 'downloads'],
};

export const LISTING_PATHS: Readonly<Record<ListingKind, string>> = {
  blog: '/blog',
  software: '/software',
  docs: '/docs',
  course: '/courses',
};

export const LISTING_KINDS: readonly ListingKind[] = ['blog', 'software', 'docs', 'course'];

/** A listing's state, all of it carried by the URL: `q`, repeatable `tag`, `sort`, `page`. */
export interface ListingParams {
  query: string;
  tags: readonly string[];
  sort: SortKey;
  /** The requested page; the listing clamps it to the pages that exist. */
  page: number;
}

export function defaultSort(kind: ListingKind): SortKey {
  return SORT_OPTIONS[kind][0] ?? 'latest';
}

/** A whole number as written in the URL; anything else ("abc", "2.5", "") means page 1, and below 1 is 1. */
export function parsePageParam(raw: string | null): number {
  const text = raw?.trim() ?? '';
  if (!/^-?\d+$/.test(text)) return 1;
  const page = Number(text);
  return page > 1 ? Math.min(page, Number.MAX_SAFE_INTEGER) : 1;
}

export function parseListingParams(search: URLSearchParams, kind: ListingKind): ListingParams {
  const sortParam = search.get('sort');
  const options = SORT_OPTIONS[kind];
  const tags = [...new Set(search.getAll('tag').filter((tag) => tag !== ''))];
  return {
    query: (search.get('q') ?? '').trim(),
    tags,
    sort: options.find((option) => option === sortParam) ?? defaultSort(kind),
    page: parsePageParam(search.get('page')),
  };
}

/** The canonical URL form of a listing's state: defaults are left out, so a plain listing is just its path. */
export function toListingSearch(params: ListingParams, kind: ListingKind): URLSearchParams {
  const search = new URLSearchParams();
  const query = params.query.trim();
  if (query !== '') search.set('q', query);
  for (const tag of params.tags) search.append('tag', tag);
  if (params.sort !== defaultSort(kind) && SORT_OPTIONS[kind].includes(params.sort)) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** A link to a listing filtered by a search and tags (page 1, default sort). */
export function listingHref(kind: ListingKind, filter: { query?: string; tags?: readonly string[] } = {}): string {
  const search = toListingSearch(
    { query: filter.query ?? '', tags: filter.tags ?? [], sort: defaultSort(kind), page: 1 },
    kind,
  ).toString();
  return search ? `${LISTING_PATHS[kind]}?${search}` : LISTING_PATHS[kind];
}
