import type { BootIsland } from '../../lib/boot-island';

/** What a prerendered page was rendered from: the browser hydrates it only if that is what it reads now. */
export interface PrerenderRecord {
  /** The route's path. */
  route: string;
  /** Each remote's registry entry, as remotes.json pinned it. */
  pins: Partial<Record<string, string>>;
  /** When it was rendered (ISO 8601): what the page shows of the date is that day's. */
  renderedAt: string;
}

function isRecord(value: unknown): value is PrerenderRecord {
  if (value === null || typeof value !== 'object') return false;
  const { route, pins, renderedAt } = value as Record<string, unknown>;
  return (
    typeof route === 'string' &&
    typeof renderedAt === 'string' &&
    pins !== null &&
    typeof pins === 'object' &&
    Object.values(pins).every((pin) => typeof pin === 'string')
  );
}

/** The record of the page being shown, if it was prerendered and the record is readable, from the page's island. */
export function readPrerenderRecord(island: BootIsland): PrerenderRecord | undefined {
  return isRecord(island.prerender) ? island.prerender : undefined;
}

/** Whether the registry the browser read pins every remote where the page was rendered from. */
export function pinsMatch(record: PrerenderRecord, pins: Partial<Record<string, string>>): boolean {
  const names = new Set([...Object.keys(record.pins), ...Object.keys(pins)]) as Set<string>;
  return [...names].every((name) => record.pins[name] === pins[name]);
}
