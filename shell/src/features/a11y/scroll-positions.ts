/** Where each history entry was scrolled to, kept for the tab's life (sessionStorage survives a reload). */
const STORAGE_KEY = 'devhub:scroll-positions';
/** Enough for any real Back/Forward trail; the oldest entries go first. */
const MAX_ENTRIES = 100;

type Positions = Record<string, number>;

function read(): Positions {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

export function savedPosition(key: string): number | undefined {
  const value = read()[key];
  return typeof value === 'number' ? value : undefined;
}

export function savePosition(key: string, y: number): void {
  const positions = read();
  delete positions[key];
  positions[key] = y;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused (private mode): Back then opens at the top, nothing breaks.
  }
}
