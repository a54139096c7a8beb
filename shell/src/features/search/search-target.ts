const LISTING_PATHS = ['/blog', '/software', '/docs', '/courses'];

/** Where a header search goes: the listing the user is on, else the articles. */
export function searchTarget(pathname: string, text: string): string {
  const path = LISTING_PATHS.includes(pathname) ? pathname : '/blog';
  const query = text.trim();
  return query ? `${path}?${new URLSearchParams({ q: query }).toString()}` : path;
}

export function isListingPath(pathname: string): boolean {
  return LISTING_PATHS.includes(pathname);
}
