import { SHELL_TEXT } from '@devhub/shared/strings';
import styles from './layout.module.css';
import { MAIN_CONTENT_ID } from '../../../lib/main-content-id';

export function SkipLink() {
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {SHELL_TEXT.skipToContent}
    </a>
  );
}
