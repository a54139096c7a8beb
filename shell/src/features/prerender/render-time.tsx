import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The render's clock, as an ISO date: the server renderer's for the page it renders, and in the
 * browser the one a prerendered page was rendered at (none for a page rendered here). Given by
 * whoever renders the tree (the bootstrap, the server renderer per render, a test), never kept
 * in the module: two renders never share it.
 */
const RenderTimeContext = createContext<string | undefined>(undefined);

/** Gives the tree below the date its markup was rendered at (what the page shows of the date is its render's). */
export function RenderTimeProvider({ renderedAt, children }: { renderedAt: string | undefined; children: ReactNode }) {
  return <RenderTimeContext.Provider value={renderedAt}>{children}</RenderTimeContext.Provider>;
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
  const renderedAt = useContext(RenderTimeContext);
  return useSyncExternalStore(
    never,
    () => new Date().getFullYear(),
    () => yearOf(renderedAt) ?? new Date().getFullYear(),
  );
}
