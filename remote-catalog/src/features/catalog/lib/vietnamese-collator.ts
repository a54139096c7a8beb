const collator = new Intl.Collator('vi');

/**
 * Vietnamese alphabetical order ("Đ" after "D", "Ư" after "U"), with a code-point fallback so
 * two distinct strings never compare equal and every ordering built on it is deterministic.
 */
export function compareVietnamese(a: string, b: string): number {
  const byCollation = collator.compare(a, b);
  if (byCollation !== 0) return byCollation;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
