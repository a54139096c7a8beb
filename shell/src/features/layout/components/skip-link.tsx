import { SHELL_TEXT } from '@devhub/shared/strings';
import styles from './layout.module.css';

export function SkipLink() {
  return (
    <a className={styles.skipLink} href="#main-content">
      {SHELL_TEXT.skipToContent}
    </a>
  );
}
