import type { Registry } from './registry';

/**
 * The registry as this browser runs it: each pin with a candidate becomes the candidate's version
 * (entry, digest, routes) when the browser's bucket is below the candidate's percent, and stays the
 * stable version otherwise. Everything after reads the chosen pins: the manifest checked, the
 * routes, and the pins a prerendered page is compared with (rendered with the stable versions, it
 * is hydrated for stable visitors only; a candidate's visitor renders that remote in the browser).
 */
export function chooseVersions(registry: Registry, bucket: number | undefined): Registry {
  const remotes = Object.fromEntries(
    Object.entries(registry.remotes).map(([name, pin]) => {
      const { candidate, ...stable } = pin;
      if (!candidate || !runsCandidate(candidate, bucket)) return [name, stable];
      const { entry, version, integrity, routes = stable.routes } = candidate;
      // The candidate stays beside what it replaced: roleOf tells the two apart.
      return [name, { ...stable, entry, version, integrity, routes, candidate }];
    }),
  );
  return { ...registry, remotes };
}

/** Which of its pins a chosen pin is: the candidate's entry, or the stable one (chooseVersions). */
export function roleOf(pin: Registry['remotes'][string] | undefined): 'stable' | 'candidate' {
  return pin?.candidate !== undefined && pin.entry === pin.candidate.entry ? 'candidate' : 'stable';
}

/**
 * Whether a browser of `bucket` runs `candidate`: its bucket is below the candidate's percent. Also
 * asked of a registry as fetched, unchecked, by the page's warm-up (warm-up.js).
 */
export function runsCandidate(candidate: unknown, bucket: number | undefined): boolean {
  const percent = (candidate as { percent?: unknown } | null | undefined)?.percent;
  return bucket !== undefined && typeof percent === 'number' && bucket < percent;
}
