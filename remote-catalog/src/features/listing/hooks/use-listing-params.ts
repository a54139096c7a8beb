import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListingKind } from '../../catalog/model/catalog-types';
import { parseListingParams, toListingSearch, type ListingParams } from '../lib/listing-params';

const LISTING_KEYS = ['q', 'tag', 'sort', 'page'];

/** The current URL with the listing's own parameters replaced; anything else in it (e.g. the shell's) is kept. */
export function withListingParams(current: URLSearchParams, params: ListingParams, kind: ListingKind): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of LISTING_KEYS) next.delete(key);
  for (const [key, value] of toListingSearch(params, kind)) next.append(key, value);
  return next;
}

export interface ListingParamsApi {
  params: ListingParams;
  searchParams: URLSearchParams;
  /**
   * Moves to a new state. Anything but a page change is a new filter, so it returns to page 1.
   * Each call is a history entry unless `replace` is set.
   */
  update: (patch: Partial<ListingParams>, options?: { replace?: boolean }) => void;
  /** Rewrites the URL to a state without adding a history entry. */
  replaceWith: (params: ListingParams) => void;
}

export function useListingParams(kind: ListingKind): ListingParamsApi {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  // Keyed on the URL's text, so the parsed state (and its tag array) is stable while the URL is.
  const params = useMemo(() => parseListingParams(new URLSearchParams(search), kind), [search, kind]);

  const navigate = useCallback(
    (next: ListingParams, replace: boolean) => {
      setSearchParams(withListingParams(new URLSearchParams(search), next, kind), {
        replace,
        preventScrollReset: true,
      });
    },
    [search, kind, setSearchParams],
  );

  const update = useCallback(
    (patch: Partial<ListingParams>, options: { replace?: boolean } = {}) => {
      navigate({ ...params, page: 1, ...patch }, options.replace ?? false);
    },
    [navigate, params],
  );

  const replaceWith = useCallback((next: ListingParams) => navigate(next, true), [navigate]);

  return { params, searchParams, update, replaceWith };
}
