import { ACCOUNT_TEXT } from '../../../lib/account-text';
import styles from '../../../lib/page.module.css';

export function SettingPage() {
  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>{ACCOUNT_TEXT.settingHeading}</h1>
    </section>
  );
}
