import { SHELL_TEXT } from '@devhub/shared/strings';
import { MAIN_CONTENT_ID } from '@devhub/shared/remote-contract';
import styles from './layout.module.css';

export function SkipLink() {
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {SHELL_TEXT.skipToContent}
    </a>
  );
}
