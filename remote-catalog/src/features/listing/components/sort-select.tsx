import { useId } from 'react';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import type { SortKey } from '../../catalog/model/catalog-types';
import styles from './sort-select.module.css';

export function SortSelect({
  options,
  value,
  onChange,
}: {
  options: readonly SortKey[];
  value: SortKey;
  onChange: (sort: SortKey) => void;
}) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.label}>
        {CATALOG_TEXT.sort.label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option === event.target.value);
          if (next) onChange(next);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {CATALOG_TEXT.sort[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
