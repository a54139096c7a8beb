import { CATALOG_TEXT } from '../../../lib/catalog-text';
import styles from './page-skeleton.module.css';

const PLACEHOLDER_CARDS = 8;

/** Shown while the catalogue loads: the page's shape, so nothing jumps when the content arrives. */
export function PageSkeleton() {
  return (
    <div className={styles.page} role="status" aria-label={CATALOG_TEXT.loading}>
      <div className={styles.heading} />
      <div className={styles.bar} />
      <div className={styles.grid}>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <div key={index} className={styles.card}>
            <div className={styles.media} />
            <div className={styles.line} />
            <div className={styles.lineShort} />
          </div>
        ))}
      </div>
    </div>
  );
}
