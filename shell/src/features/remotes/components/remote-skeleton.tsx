import { SHELL_TEXT } from '@devhub/shared/strings';
import a11y from '@devhub/shared/visually-hidden.module.css';
import styles from './remote-skeleton.module.css';

/** Holds the page area's size while a remote loads, so nothing shifts when it arrives. */
export function RemoteSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite" aria-busy="true">
      <span className={a11y.visuallyHidden}>{SHELL_TEXT.remote.loading}</span>
      <div className={styles.heading} />
      <div className={styles.grid}>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={styles.card} />
        ))}
      </div>
    </div>
  );
}
