import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { announcements, type Politeness } from './announcer';
import a11y from '@devhub/shared/visually-hidden.module.css';
import styles from './live-regions.module.css';

/** Where the toaster (loaded later) puts the toasts of each politeness: inside that region. */
export const toastSlots = createStore<Record<Politeness, HTMLElement | null>>()(() => ({
  polite: null,
  assertive: null,
}));

const slotRef = (politeness: Politeness) => (element: HTMLDivElement | null) => {
  toastSlots.setState({ [politeness]: element });
};
const politeSlot = slotRef('polite');
const assertiveSlot = slotRef('assertive');

/**
 * The shell's polite and assertive live regions, rendered with the chrome, so a screen reader
 * watches them before anything is said. Each holds what `announce` says (visually hidden) and
 * the toasts of its politeness (errors in the assertive one), which appear inside it rather
 * than in regions created with them. Plain live regions, not status and alert roles, so they
 * never pass for a page's own status.
 */
export function LiveRegions() {
  const { polite, assertive } = useStore(announcements);
  return (
    <div className={styles.stack}>
      <div aria-live="polite" data-live="polite">
        <span className={a11y.visuallyHidden}>{polite}</span>
        <div ref={politeSlot} className={styles.slot} />
      </div>
      <div aria-live="assertive" data-live="assertive">
        <span className={a11y.visuallyHidden}>{assertive}</span>
        <div ref={assertiveSlot} className={styles.slot} />
      </div>
    </div>
  );
}
