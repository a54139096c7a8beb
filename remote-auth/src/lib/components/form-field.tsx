import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import a11y from '@devhub/shared/visually-hidden.module.css';
import styles from './form-field.module.css';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Placed at the end of the label row, e.g. "Quên mật khẩu?". */
  labelAside?: ReactNode;
}

/**
 * A labelled input whose error sits under it and is read with it (aria-describedby). An error
 * that appears or changes while the user types (react-hook-form re-validating) is also said
 * once in the field's live region; one that comes with a submit is read as focus lands on it.
 */
export function FormField({ label, registration, error, labelAside, ...inputProps }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const typed = useRef(false);
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    if (!typed.current) return;
    typed.current = false;
    // Each change is a new text, so the region says it; a cleared error says nothing.
    setSpoken(error ? `${label}: ${error}` : '');
  }, [error, label]);
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <input
        {...inputProps}
        {...registration}
        onChange={(event) => {
          typed.current = true;
          return registration.onChange(event);
        }}
        onBlur={(event) => {
          typed.current = false;
          return registration.onBlur(event);
        }}
        id={id}
        className={styles.input}
        aria-required="true"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      <span className={a11y.visuallyHidden} aria-live="polite">
        {spoken}
      </span>
    </div>
  );
}
