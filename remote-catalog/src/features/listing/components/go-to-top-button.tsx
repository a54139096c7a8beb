import { GO_TO_TOP_THRESHOLD_PX } from '@devhub/shared/constants';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import { scrollToTop } from '../../../lib/scroll-to-top';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import styles from './go-to-top-button.module.css';

/**
 * Hidden until the page is scrolled past 400px (spec §4), then a smooth way back up. It hides
 * itself on the way, so `onTop` gives focus a place at the top.
 */
export function GoToTopButton({ onTop }: { onTop: () => void }) {
  const shown = useScrolledPast(GO_TO_TOP_THRESHOLD_PX);
  if (!shown) return null;
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={CATALOG_TEXT.goToTop}
      title={CATALOG_TEXT.goToTop}
      onClick={() => {
        scrollToTop();
        onTop();
      }}
    >
      <Icon name="arrowUp" />
    </button>
  );
}
