import type { ReactNode } from 'react';
import { AUTH_TEXT } from '../auth-text';
import a11y from '@devhub/shared/visually-hidden.module.css';
import styles from './submit-button.module.css';

/** The form's submit button: disabled with a spinner while its request runs. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.button} disabled={loading} aria-busy={loading}>
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
      {loading && <span className={a11y.visuallyHidden}>{AUTH_TEXT.submitting}</span>}
    </button>
  );
}
