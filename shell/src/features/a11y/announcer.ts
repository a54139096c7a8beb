import { createStore } from 'zustand/vanilla';

export type Politeness = 'polite' | 'assertive';

interface AnnouncerState {
  polite: string;
  assertive: string;
}

/**
 * What the shell's two live regions say. The regions are in the page from the first render, so
 * a screen reader is already watching them when a message arrives (a region created together
 * with its message is often skipped).
 */
export const announcements = createStore<AnnouncerState>()(() => ({ polite: '', assertive: '' }));

/** Long enough for screen readers to see the region emptied before it is filled again. */
const REFILL_DELAY_MS = 100;

const pending: Record<Politeness, ReturnType<typeof setTimeout> | undefined> = {
  polite: undefined,
  assertive: undefined,
};

/**
 * Says `message` in the polite or the assertive region. The region is emptied first and filled
 * a moment later, so the same message said twice is read twice.
 */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  clearTimeout(pending[politeness]);
  announcements.setState({ [politeness]: '' });
  pending[politeness] = setTimeout(() => {
    pending[politeness] = undefined;
    announcements.setState({ [politeness]: message });
  }, REFILL_DELAY_MS);
}
