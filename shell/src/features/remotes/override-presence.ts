// Whether a page load can have a per-browser override at all (overrides.ts): a link proposing one,
// or one this browser keeps, confirmed or proposed. Nearly no visitor has one, so the override code
// is loaded only on a page where this says yes (remote-check.ts, override-badge-slot.tsx), and the
// page's warm-up stands aside there (warm-up.js).

/** The address parameter a link proposes an override with: `?mf-override=<remote>@<manifest-url>`. */
export const OVERRIDE_PARAM = 'mf-override';
/** Where this browser keeps the overrides the visitor confirmed. */
export const OVERRIDE_STORAGE_KEY = 'mf-overrides';
/** Where this browser keeps the overrides links proposed, until the visitor confirms them. */
export const PROPOSAL_STORAGE_KEY = 'mf-override-proposals';

export function pageMayHaveOverrides(): boolean {
  if (new URLSearchParams(window.location.search).has(OVERRIDE_PARAM)) return true;
  try {
    return localStorage.getItem(OVERRIDE_STORAGE_KEY) !== null || localStorage.getItem(PROPOSAL_STORAGE_KEY) !== null;
  } catch {
    // Without storage no override is kept, and none can be confirmed.
    return false;
  }
}
