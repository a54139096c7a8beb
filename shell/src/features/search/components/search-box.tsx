import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { Icon } from '@devhub/shared/icon';
import { useSearchSpinner } from '../hooks/use-search-spinner';
import { isListingPath, searchTarget } from '../search-target';
import a11y from '@devhub/shared/visually-hidden.module.css';
import styles from './search-box.module.css';

export function SearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [inputCount, setInputCount] = useState(0);
  const spinning = useSearchSpinner(inputCount);

  const urlQuery = isListingPath(location.pathname) ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(urlQuery);
  const [mirroredQuery, setMirroredQuery] = useState(urlQuery);
  if (mirroredQuery !== urlQuery) {
    // The box mirrors the listing's query when the URL changes (back/forward, shared links).
    setMirroredQuery(urlQuery);
    setText(urlQuery);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchTarget(location.pathname, text));
  };

  const clear = () => {
    setText('');
    inputRef.current?.focus();
  };

  return (
    <form className={styles.form} role="search" aria-label={SHELL_TEXT.search.label} onSubmit={submit}>
      <label className={styles.field}>
        <span className={a11y.visuallyHidden}>{SHELL_TEXT.search.label}</span>
        <Icon name="search" size={18} />
        <input
          ref={inputRef}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          value={text}
          placeholder={SHELL_TEXT.search.placeholder}
          onChange={(event) => {
            setText(event.target.value);
            setInputCount((count) => count + 1);
          }}
        />
      </label>
      {spinning && (
        <span className={styles.spinner} role="status">
          <span className={a11y.visuallyHidden}>{SHELL_TEXT.search.searching}</span>
        </span>
      )}
      {text.trim() !== '' && (
        <button type="button" className={styles.clear} onClick={clear} aria-label={SHELL_TEXT.search.clear}>
          <Icon name="close" size={16} />
        </button>
      )}
    </form>
  );
}
