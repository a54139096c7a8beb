import { useStore } from 'zustand';
import { announcements } from './announcer';
import styles from './live-regions.module.css';

/**
 * The shell's polite and assertive live regions, rendered with the chrome (see `announce`).
 * Plain live regions, not status and alert roles, so they never pass for a page's own status.
 */
export function LiveRegions() {
  const { polite, assertive } = useStore(announcements);
  return (
    <div className={styles.visuallyHidden} data-live-regions="">
      <div aria-live="polite" aria-atomic="true" data-live="polite">
        {polite}
      </div>
      <div aria-live="assertive" aria-atomic="true" data-live="assertive">
        {assertive}
      </div>
    </div>
  );
}
