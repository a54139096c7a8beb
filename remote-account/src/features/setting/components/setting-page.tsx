import { useEffect } from 'react';
import { markContentReady } from '@devhub/shared/remote-contract';
import { ACCOUNT_TEXT } from '../../../lib/account-text';
import styles from '../../../lib/page.module.css';

export function SettingPage() {
  useEffect(() => markContentReady('account/SettingPage'), []);
  return (
    <section className={styles.page}>
      <h1 className={styles.heading} lang="en">
        {ACCOUNT_TEXT.settingHeading}
      </h1>
    </section>
  );
}
