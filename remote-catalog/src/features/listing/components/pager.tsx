import { useId, useState } from 'react';
import a11y from '@devhub/shared/visually-hidden.module.css';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import { resolvePageInput, sanitizePageInput } from '../lib/pager-input';
import styles from './pager.module.css';

/** 'Trang trước', the 'Nhập số trang' box and 'Trang sau', with the input rules of spec §5. */
export function Pager({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState(String(page));
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setText(String(page));
  }

  const submit = () => {
    const target = resolvePageInput(text, page, pageCount);
    setText(String(target));
    if (target !== page) onChange(target);
  };

  return (
    <nav className={styles.pager} aria-label={CATALOG_TEXT.pagination}>
      <button type="button" className={styles.step} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <Icon name="chevronLeft" size={18} />
        {CATALOG_TEXT.previousPage}
      </button>
      <div className={styles.jump}>
        <label htmlFor={inputId} className={a11y.visuallyHidden}>
          {CATALOG_TEXT.pageInput}
        </label>
        <span aria-hidden="true">{CATALOG_TEXT.pageLabel}</span>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="go"
          title={CATALOG_TEXT.pageInput}
          value={text}
          onChange={(event) => setText(sanitizePageInput(event.target.value))}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            submit();
          }}
          onBlur={() => setText(String(page))}
        />
        <span aria-hidden="true">{CATALOG_TEXT.pageTotal(pageCount)}</span>
        <span className={a11y.visuallyHidden} role="status">
          {CATALOG_TEXT.pageOf(page, pageCount)}
        </span>
      </div>
      <button type="button" className={styles.step} disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        {CATALOG_TEXT.nextPage}
        <Icon name="chevronRight" size={18} />
      </button>
    </nav>
  );
}
