import { useContentReady } from '@devhub/shared/use-content-ready';
import { ACCOUNT_TEXT } from '../../../lib/account-text';
import styles from '../../../lib/page.module.css';

export function RepoPage() {
  useContentReady('account/RepoPage');
  return (
    <section className={styles.page}>
      <h1 className={styles.heading} lang="en">
        {ACCOUNT_TEXT.repoHeading}
      </h1>
    </section>
  );
}
