import { useSyncExternalStore } from 'react';

let renderedAt: string | undefined;

/**
 * The render's clock: the server renderer's, and in the browser the one a prerendered page was
 * rendered at (set by the bootstrap before it hydrates): what the page shows of the date is its render's.
 */
export function setRenderedAt(iso: string): void {
  renderedAt = iso;
}

const never = () => () => undefined;

function yearOf(iso: string | undefined): number | undefined {
  const year = iso === undefined ? NaN : new Date(iso).getUTCFullYear();
  return Number.isNaN(year) ? undefined : year;
}

/**
 * The current year: on the server the render's, in the browser while it hydrates the year the
 * page was rendered in (the server's value, so the markup matches), then today's.
 */
export function useYear(): number {
  return useSyncExternalStore(
    never,
    () => new Date().getFullYear(),
    () => yearOf(renderedAt) ?? new Date().getFullYear(),
  );
}
