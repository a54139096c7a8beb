import { useContentReady } from '@devhub/shared/use-content-ready';
import { ACCOUNT_TEXT } from '../../../lib/account-text';
import styles from '../../../lib/page.module.css';

export function ProfilePage() {
  useContentReady('account/ProfilePage');
  return (
    <section className={styles.page}>
      <h1 className={styles.heading} lang="en">
        {ACCOUNT_TEXT.profileHeading}
      </h1>
    </section>
  );
}
