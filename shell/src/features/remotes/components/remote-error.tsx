import { SHELL_TEXT } from '@devhub/shared/strings';
import { IncompatibleRemoteError, RegistryUnreadableError, TamperedRemoteError } from '../remote-errors';
import { useRouteSettled } from '../use-route-settled';
import styles from './remote-error.module.css';

interface RemoteErrorProps {
  what: string;
  error: Error;
  onRetry: () => void;
}

/** The content area's fallback when a remote page cannot be shown: why, in Vietnamese, and a retry. */
export function RemoteError({ what, error, onRetry }: RemoteErrorProps) {
  const incompatible = error instanceof IncompatibleRemoteError;
  const tampered = error instanceof TamperedRemoteError;
  // The registry's own problem is the message: it names the field or the failure, not a server.
  const registry = error instanceof RegistryUnreadableError;
  useRouteSettled(`failed:${what}`);
  return (
    <section className={styles.panel} role="alert" aria-labelledby="remote-error-title">
      <h1 id="remote-error-title" className={styles.title}>
        {SHELL_TEXT.remote.failedTitle}
      </h1>
      <p className={styles.message}>
        {incompatible
          ? SHELL_TEXT.remote.incompatible(what)
          : tampered
            ? SHELL_TEXT.remote.tampered(what)
            : registry
              ? error.message
              : SHELL_TEXT.remote.failed(what)}
      </p>
      {incompatible && (
        <ul className={styles.reasons}>
          {error.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <button type="button" className={styles.retry} onClick={onRetry}>
        {SHELL_TEXT.remote.retry}
      </button>
      {!incompatible && !registry && (
        <details className={styles.details}>
          <summary>{SHELL_TEXT.remote.details}</summary>
          <code>{error.message}</code>
        </details>
      )}
    </section>
  );
}
