/** What the page box keeps of a keystroke or a paste: digits only (spec §5). */
export function sanitizePageInput(text: string): string {
  return text.replace(/\D+/g, '');
}

/**
 * The page an Enter in the page box leads to (spec §5): empty or non-numeric stays on the current
 * page, above the last page is the last page, below 1 is page 1.
 */
export function resolvePageInput(text: string, currentPage: number, lastPage: number): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return currentPage;
  const page = Number(trimmed);
  if (page > lastPage) return lastPage;
  if (page < 1) return 1;
  return page;
}
