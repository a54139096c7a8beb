// Whether a page load can have a per-browser override at all (overrides.ts): a link proposing one,
// or one this browser keeps, confirmed or proposed. Nearly no visitor has one, so the override code
// is loaded only on a page where this says yes (remote-check.ts, override-badge-slot.tsx); the
// page's warm-up stands aside only where an override may replace a pin (warm-up.js).

/** The address parameter a link proposes an override with: `?mf-override=<remote>@<manifest-url>`. */
export const OVERRIDE_PARAM = 'mf-override';
/** Where this browser keeps the overrides the visitor confirmed. */
export const OVERRIDE_STORAGE_KEY = 'mf-overrides';
/** Where this browser keeps the overrides links proposed, until the visitor confirms them. */
export const PROPOSAL_STORAGE_KEY = 'mf-override-proposals';

/** Whether storage holds `key`; without storage nothing is kept, and nothing can be confirmed. */
function stored(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

const linkProposes = () => new URLSearchParams(window.location.search).has(OVERRIDE_PARAM);

/** Whether this page load may run another build than a pin: a link names one, or this browser confirmed one. */
export function pinsMayBeOverridden(): boolean {
  return linkProposes() || stored(OVERRIDE_STORAGE_KEY);
}

/** Whether this page load has any override to handle: one that may apply, or a proposal waiting for the visitor. */
export function pageMayHaveOverrides(): boolean {
  return pinsMayBeOverridden() || stored(PROPOSAL_STORAGE_KEY);
}
