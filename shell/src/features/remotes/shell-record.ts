import { readRecord, type CompatibilityRecord } from '@devhub/contracts/record';

/** The element in which the build puts the shell's own compatibility record (see shell/index.html). */
export const SHELL_RECORD_ELEMENT_ID = 'devhub-compatibility';

/**
 * What this shell build provides, as its build recorded it in index.html (or why it cannot be read:
 * a shell without its record can vouch for no remote, and every remote slot then says so).
 */
export function shellRecord(): CompatibilityRecord | string {
  const text = document.getElementById(SHELL_RECORD_ELEMENT_ID)?.textContent ?? '';
  try {
    return readRecord(JSON.parse(text));
  } catch {
    return 'no compatibility record in index.html';
  }
}
