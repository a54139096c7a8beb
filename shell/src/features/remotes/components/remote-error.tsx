import { SHELL_TEXT } from '@devhub/shared/strings';
import styles from './remote-error.module.css';

interface RemoteErrorProps {
  what: string;
  error: Error;
  onRetry: () => void;
}

export function RemoteError({ what, error, onRetry }: RemoteErrorProps) {
  return (
    <section className={styles.panel} role="alert" aria-labelledby="remote-error-title">
      <h1 id="remote-error-title" className={styles.title}>
        {SHELL_TEXT.remote.failedTitle}
      </h1>
      <p className={styles.message}>{SHELL_TEXT.remote.failed(what)}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {SHELL_TEXT.remote.retry}
      </button>
      <details className={styles.details}>
        <summary>{SHELL_TEXT.remote.details}</summary>
        <code>{error.message}</code>
      </details>
    </section>
  );
}
