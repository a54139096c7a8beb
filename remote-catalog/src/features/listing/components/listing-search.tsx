import a11y from '@devhub/shared/visually-hidden.module.css';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import { useSearchBoxText } from '../hooks/use-search-box-text';
import styles from './listing-search.module.css';

/** The listing's own search box: filters as you type (title, excerpt, tags). */
export function ListingSearch({
  query,
  onSearch,
}: {
  query: string;
  onSearch: (query: string, replace: boolean) => void;
}) {
  const box = useSearchBoxText(query, onSearch);
  return (
    <form
      className={styles.form}
      role="search"
      aria-label={CATALOG_TEXT.searchLabel}
      onSubmit={(e) => e.preventDefault()}
    >
      <label className={styles.field}>
        <span className={a11y.visuallyHidden}>{CATALOG_TEXT.searchLabel}</span>
        <Icon name="search" size={18} />
        <input
          className={styles.input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={CATALOG_TEXT.searchPlaceholder}
          value={box.text}
          onChange={(event) => box.change(event.target.value)}
          onBlur={box.endEditing}
        />
      </label>
    </form>
  );
}
