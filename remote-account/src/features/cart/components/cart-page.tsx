import { useContentReady } from '@devhub/shared/use-content-ready';
import { ACCOUNT_TEXT } from '../../../lib/account-text';
import styles from '../../../lib/page.module.css';

/**
 * The orders page is still the old site's placeholder: just the word "Cart" (spec §2), as the
 * page's heading (every page has one for focus to land on), and in English, as the spec says it.
 */
export function CartPage() {
  useContentReady('account/CartPage');
  return (
    <section className={styles.page}>
      <h1 className={styles.text} lang="en">
        {ACCOUNT_TEXT.cartText}
      </h1>
    </section>
  );
}
