import { useEffect } from 'react';
import { markContentReady } from '@devhub/shared/remote-contract';
import { ACCOUNT_TEXT } from '../../../lib/account-text';
import styles from '../../../lib/page.module.css';

/** The orders page is still the old site's placeholder: just the word "Cart" (spec §2). */
export function CartPage() {
  useEffect(() => markContentReady('account/CartPage'), []);
  return (
    <section className={styles.page}>
      <p className={styles.text}>{ACCOUNT_TEXT.cartText}</p>
    </section>
  );
}
